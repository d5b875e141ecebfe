import { useState } from 'react';
import { messageOf, send } from './api';
import { session, useMe } from './me';
import { useRead } from './read';
import type { OperatorSession, TwoFactorSetup } from './types';
import { CodeInput, Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { whenText } from './words';
import { useWrite } from './write';

/** A browser's name from its user agent, enough to tell sessions apart. */
function browserOf(ua: string | null): string {
  if (!ua) return 'Unknown browser';
  const name = /(Edg|OPR|Firefox|Chrome|Safari)\/[\d.]+/.exec(ua)?.[1] ?? 'Browser';
  const os = /(Android|iPhone|iPad|Windows|Mac OS X|Linux)/.exec(ua)?.[1] ?? '';
  return `${{ Edg: 'Edge', OPR: 'Opera' }[name] ?? name}${os ? ` on ${os}` : ''}`;
}

/** My sessions (when, from where, what browser), each with End; and a password change. */
function Sessions() {
  const { note, error, version, write } = useWrite();
  const list = useRead<OperatorSession[]>('admin/sessions', undefined, version);
  const [pw, setPw] = useState({ currentPassword: '', newPassword: '' });
  return (
    <>
      <h2>Where you are signed in</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <Status loading={list.loading} error={list.error} />
      <ul className="sessions" aria-label="Sessions">
        {(list.data ?? []).map((s) => (
          <li key={s._id}>
            <strong>{browserOf(s.userAgent)}</strong> {s.address ?? 'unknown address'}
            <br />
            <span className="muted">
              since {whenText(s.createdAt)}
              {s.lastUsedAt ? `, last used ${whenText(s.lastUsedAt)}` : ''}
            </span>{' '}
            {s.current ? (
              <em>this session</em>
            ) : (
              <button
                type="button"
                className="danger"
                onClick={() => void write('delete', `admin/sessions/${s._id}`, undefined, 'Session ended')}
              >
                End
              </button>
            )}
          </li>
        ))}
      </ul>
      <h2>Change password</h2>
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          void write('post', 'admin/password', pw, 'Password changed. Your other sessions have ended.').then(
            (done) => done && setPw({ currentPassword: '', newPassword: '' }),
          );
        }}
      >
        <Field label="Current password">
          <input
            type="password"
            autoComplete="current-password"
            value={pw.currentPassword}
            onChange={(e) => setPw({ ...pw, currentPassword: e.target.value })}
            required
          />
        </Field>
        <Field label="New password (8 or more characters)">
          <input
            type="password"
            autoComplete="new-password"
            minLength={8}
            value={pw.newPassword}
            onChange={(e) => setPw({ ...pw, newPassword: e.target.value })}
            required
          />
        </Field>
        <button type="submit">Change password</button>
      </form>
    </>
  );
}

/**
 * Two-factor sign-in (TOTP): set it up with a QR code (or the secret typed into the app) and a code
 * from the app; the ten recovery codes are shown once. With two-factor sign-in required
 * (ADMIN_REQUIRE_2FA), an operator without it sees only this screen. A change re-reads /admin/me.
 */
export function SecurityPage() {
  const me = useMe();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await run();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (recovery) {
    return (
      <section className="security">
        <h1>Two-factor sign-in is on</h1>
        <p>
          Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you
          lose the phone. They are shown only now.
        </p>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {recovery.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <button
          type="button"
          onClick={() => {
            setRecovery(null);
            void session.reload().catch(() => undefined);
          }}
        >
          I have saved them
        </button>
      </section>
    );
  }

  return (
    <section className="security">
      <h1>Sign-in security</h1>
      {me?.mustSetUpTwoFactor ? (
        <p role="alert" className="error">
          Set up two-factor sign-in first: until you do, the console opens nothing else.
        </p>
      ) : null}
      <Notice text={note} />
      <ErrorLine text={error} />
      {me?.twoFactor ? (
        <form
          className="card"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              await send('post', 'admin/2fa/disable', { code: code.trim() });
              setCode('');
              setNote('Two-factor sign-in is off');
              void session.reload().catch(() => undefined);
            });
          }}
        >
          <p>Two-factor sign-in is on. To turn it off, enter a code from your authenticator app.</p>
          <CodeInput value={code} onChange={setCode} />
          <button type="submit" disabled={busy}>
            Turn off
          </button>
        </form>
      ) : setup ? (
        <form
          className="card"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              const r = await send<{ recoveryCodes: string[] }>('post', 'admin/2fa/enable', {
                code: code.trim(),
              });
              setCode('');
              setSetup(null);
              setRecovery(r.data.recoveryCodes);
            });
          }}
        >
          <p>Scan this code with an authenticator app (Google Authenticator, Authy, 1Password...).</p>
          <img
            className="qr"
            alt="QR code for your authenticator app"
            width={240}
            height={240}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          />
          <p>
            Or type this key into the app: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <CodeInput value={code} onChange={setCode} />
          <button type="submit" disabled={busy}>
            Turn on
          </button>
        </form>
      ) : (
        <div className="card">
          <p>
            Two-factor sign-in is off. With it on, signing in needs your password and a code from your phone,
            so a stolen password alone opens nothing.
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                setSetup((await send<TwoFactorSetup>('post', 'admin/2fa/setup')).data);
              })
            }
          >
            Set up two-factor sign-in
          </button>
        </div>
      )}
      {me?.mustSetUpTwoFactor ? null : <Sessions />}
    </section>
  );
}
