import type { FormEvent } from 'react';
import { LanguagePicker } from '../../components/language-picker';
import { localize } from '../../i18n/core';
import { tAuth as t } from '../../i18n/en/auth';
import { type AuthValues, authHeading } from '../../lib/auth-validation';
import { AdultCheck } from './adult-check';
import type { useAuthFlow } from './use-auth-flow';

type Flow = ReturnType<typeof useAuthFlow>;

function Field(props: {
  flow: Flow;
  name: Exclude<keyof AuthValues, 'adult'>;
  label: string;
  type?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  autoComplete?: string;
}) {
  const { flow, name, label } = props;
  const error = flow.errors[name];
  const id = `auth-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        value={flow.values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => flow.setField(name, e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const SUBMIT_KEYS = {
  login: 'submitLogin',
  register: 'submitRegister',
  forgot: 'submitForgot',
  reset: 'submitReset',
} as const;

/** The one form with four modes (docs/product.md section 2 "Login screen"). */
export function AuthForm({ flow, referralCode }: { flow: Flow; referralCode?: string }) {
  const { mode } = flow;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void flow.submit();
  };
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <h1 className="auth-heading">{authHeading(mode)}</h1>
      {mode === 'register' ? <Field flow={flow} name="name" label={t('name')} autoComplete="name" /> : null}
      {mode !== 'reset' ? (
        <Field flow={flow} name="phone" label={t('phone')} type="tel" inputMode="tel" autoComplete="tel" />
      ) : null}
      {mode === 'login' || mode === 'register' ? (
        <Field
          flow={flow}
          name="password"
          label={t('password')}
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        />
      ) : null}
      {mode === 'reset' ? (
        <>
          <Field
            flow={flow}
            name="newPassword"
            label={t('newPassword')}
            type="password"
            autoComplete="new-password"
          />
          <Field
            flow={flow}
            name="confirmPassword"
            label={t('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        </>
      ) : null}
      {mode === 'register' ? <AdultCheck flow={flow} /> : null}
      {mode === 'register' && referralCode ? (
        <p className="auth-note">
          {t('referralCode')} <strong>{referralCode}</strong>
        </p>
      ) : null}
      {flow.formError ? (
        <p className="form-error" role="alert">
          {localize(flow.formError)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={flow.busy}>
        {t(SUBMIT_KEYS[mode])}
      </button>
      <div className="auth-links">
        {mode === 'login' ? (
          <button type="button" className="link-button" onClick={() => flow.switchMode('forgot')}>
            {t('forgetPassword')}
          </button>
        ) : null}
        {mode === 'forgot' || mode === 'reset' ? (
          <button type="button" className="link-button" onClick={() => flow.switchMode('login')}>
            {t('backToLogin')}
          </button>
        ) : null}
        {mode === 'login' || mode === 'register' ? (
          <p className="auth-toggle">
            {mode === 'login' ? t('noAccount') : t('haveAccount')}
            <button
              type="button"
              className="link-button"
              onClick={() => flow.switchMode(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? t('register') : t('login')}
            </button>
          </p>
        ) : null}
      </div>
      <LanguagePicker className="auth-language" />
    </form>
  );
}
