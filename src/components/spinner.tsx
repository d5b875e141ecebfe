import { tCommon as t } from '../i18n/en/common';
/** A small rotating ring with a label for screen readers. */
export function Spinner({ label = t('loading') }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
