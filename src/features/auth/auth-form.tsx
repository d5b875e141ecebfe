import type { FormEvent } from 'react';
import { AdultCheck } from './adult-check';
import { AUTH_HEADINGS, type AuthValues } from './auth-validation';
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

const SUBMIT_LABELS = { login: 'Login', register: 'Sign Up', forgot: 'Send OTP', reset: 'Reset Password' };

/** The one form with four modes (product.md section 2 "Login screen"). */
export function AuthForm({ flow, referralCode }: { flow: Flow; referralCode?: string }) {
  const { mode } = flow;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void flow.submit();
  };
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <h1 className="auth-heading">{AUTH_HEADINGS[mode]}</h1>
      {mode === 'register' ? <Field flow={flow} name="name" label="Name" autoComplete="name" /> : null}
      {mode !== 'reset' ? (
        <Field flow={flow} name="phone" label="Phone Number" type="tel" inputMode="tel" autoComplete="tel" />
      ) : null}
      {mode === 'login' || mode === 'register' ? (
        <Field
          flow={flow}
          name="password"
          label="Password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        />
      ) : null}
      {mode === 'reset' ? (
        <>
          <Field
            flow={flow}
            name="newPassword"
            label="New Password"
            type="password"
            autoComplete="new-password"
          />
          <Field
            flow={flow}
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
          />
        </>
      ) : null}
      {mode === 'register' ? <AdultCheck flow={flow} /> : null}
      {mode === 'register' && referralCode ? (
        <p className="auth-note">
          Referral code: <strong>{referralCode}</strong>
        </p>
      ) : null}
      {flow.formError ? (
        <p className="form-error" role="alert">
          {flow.formError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={flow.busy}>
        {SUBMIT_LABELS[mode]}
      </button>
      <div className="auth-links">
        {mode === 'login' ? (
          <button type="button" className="link-button" onClick={() => flow.switchMode('forgot')}>
            Forget Password?
          </button>
        ) : null}
        {mode === 'forgot' || mode === 'reset' ? (
          <button type="button" className="link-button" onClick={() => flow.switchMode('login')}>
            Back to Login
          </button>
        ) : null}
        {mode === 'login' || mode === 'register' ? (
          <p className="auth-toggle">
            {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
            <button
              type="button"
              className="link-button"
              onClick={() => flow.switchMode(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? 'Register' : 'Login'}
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
