import { useRouter, useRouterState } from '@tanstack/react-router';
import { HTTPError } from 'ky';
import { useState } from 'react';
import { http, messageOf } from './api';
import { afterLogin } from './guards';
import { session } from './me';
import type { AdminLoginAnswer } from './types';
import { CodeInput, Field } from './ui/field';

// The console's sign-in (/admin/login): the guard sends anyone signed out here with the page they
// asked for in ?next=, and a successful sign-in goes on there.

/** Username and password, then (when it is on) a code from the app or a recovery code. */
export function LoginPage() {
  const router = useRouter();
  const next = useRouterState({ select: (s) => (s.location.search as { next?: unknown }).next });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');

  async function attempt(run: () => Promise<AdminLoginAnswer>) {
    setBusy(true);
    setError(null);
    try {
      const r = await run();
      if ('twoFactorRequired' in r && r.challenge) {
        setChallenge(r.challenge);
        return;
      }
      if (!('token' in r) || !r.token) throw new Error('Login failed');
      await session.signIn(r.token);
      await router.navigate({ href: afterLogin(next), replace: true });
    } catch (err) {
      setError(messageOf(err, 'Login failed'));
      // A spent or expired challenge starts over at the password.
      if (err instanceof HTTPError && (err.response.status === 429 || /expired/.test(messageOf(err)))) {
        setChallenge(null);
      }
    } finally {
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <main className="console-login">
        <form
          className="card"
          onSubmit={(e) => {
            e.preventDefault();
            const factor = useRecovery ? { recoveryCode: code.trim() } : { code: code.trim() };
            void attempt(() =>
              http.post('admin/login/2fa', { json: { challenge, ...factor } }).json<AdminLoginAnswer>(),
            );
          }}
        >
          <h1>Two-factor sign-in</h1>
          {useRecovery ? (
            <Field label="Recovery code">
              <input name="recoveryCode" value={code} onChange={(e) => setCode(e.target.value)} required />
            </Field>
          ) : (
            <CodeInput value={code} onChange={setCode} />
          )}
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            Verify
          </button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
            }}
          >
            {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </button>
        </form>
      </main>
    );
  }
  return (
    <main className="console-login">
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          void attempt(() =>
            http
              .post('admin/login', {
                json: { username: form.get('username'), password: form.get('password') },
              })
              .json<AdminLoginAnswer>(),
          );
        }}
      >
        <h1>Operator console</h1>
        <Field label="Username">
          <input name="username" autoComplete="username" required />
        </Field>
        <Field label="Password">
          <input name="password" type="password" autoComplete="current-password" required />
        </Field>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
