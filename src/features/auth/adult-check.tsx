import { tAuth as t } from '../../i18n/en/auth';
import type { useAuthFlow } from './use-auth-flow';

/** Registration's "I am 18 or older" box: the server refuses a registration without it. */
export function AdultCheck({ flow }: { flow: ReturnType<typeof useAuthFlow> }) {
  const error = flow.errors.adult;
  return (
    <div className="field field-check">
      <label htmlFor="auth-adult" className="check-label">
        <input
          id="auth-adult"
          type="checkbox"
          checked={flow.values.adult === 'yes'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'auth-adult-error' : undefined}
          onChange={(e) => flow.setField('adult', e.target.checked ? 'yes' : '')}
        />
        <span>{t('adultConfirm')}</span>
      </label>
      {error ? (
        <p id="auth-adult-error" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
