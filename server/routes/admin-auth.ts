import type { Context } from 'hono';
import {
  AdminLoginAnswerSchema,
  AdminLoginBodySchema,
  AdminLoginTwoFactorBodySchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
} from '../../src/contracts/auth';
import { z } from '../../src/contracts/zod';
import { assertOperatorAddress, clientRaw } from '../http/address-allow';
import { auditSignIns } from '../http/audit';
import { admin } from '../http/auth';
import { ok, okMessage } from '../http/envelope';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { limitAddress } from '../services/address-limits';
import { adminLogin } from '../services/operators/sign-in';
import {
  completeLogin,
  disableTwoFactorWith,
  enableTwoFactorWith,
  setUpTwoFactor,
} from '../services/operators/two-factor';

/** Where a session is opened from: the client's address and browser, for the session list. */
const sessionMeta = (c: Context<AppEnv>) => ({
  address: clientRaw(c, c.get('deps').env.TRUST_PROXY) ?? null,
  userAgent: c.req.header('user-agent') ?? null,
});

/** Operator sign-in (password, then the second factor when it is on) and two-factor setup. */
export function adminAuthRoutes() {
  const r = createRouter('/api/v1/admin', 'Operators');
  // Every sign-in attempt past the per-address limit is in the audit log, right or wrong.
  r.hono.use('/login', auditSignIns('/api/v1/admin/login'));
  r.hono.use('/login/2fa', auditSignIns('/api/v1/admin/login/2fa'));
  r.post(
    '/login',
    {
      summary: 'Operator login (with two-factor sign-in on: a challenge instead of the token)',
      auth: 'public',
      body: AdminLoginBodySchema,
      response: AdminLoginAnswerSchema,
    },
    async (c, { body }) => {
      const deps = c.get('deps');
      // The address limit first: what it refuses leaves no audit row (a flood cannot fill the log).
      await limitAddress(deps.db, deps.env, 'login', c.get('clientAddress'));
      c.set('signIn', { username: body.username });
      assertOperatorAddress(c, deps.env);
      const out = await adminLogin(deps, body.username, body.password, sessionMeta(c));
      if ('challenge' in out) {
        return c.json({
          status: true,
          message: 'Enter the code from your authenticator app',
          twoFactorRequired: true,
          challenge: out.challenge,
        });
      }
      return c.json({ status: true, message: 'Login successful', token: out.token });
    },
  );
  r.post(
    '/login/2fa',
    {
      summary: 'Second step of an operator login: the challenge and a TOTP or recovery code',
      auth: 'public',
      body: AdminLoginTwoFactorBodySchema,
      response: AdminLoginAnswerSchema,
    },
    async (c, { body }) => {
      const deps = c.get('deps');
      await limitAddress(deps.db, deps.env, 'login', c.get('clientAddress'));
      c.set('signIn', { challenge: body.challenge });
      assertOperatorAddress(c, deps.env);
      const token = await completeLogin(deps, body.challenge, body, sessionMeta(c));
      return c.json({ status: true, message: 'Login successful', token });
    },
  );
  r.post(
    '/2fa/setup',
    {
      summary: 'Start two-factor sign-in: a new secret and its QR code (not in force yet)',
      auth: 'admin',
      response: TwoFactorSetupSchema,
    },
    async (c) =>
      ok(c, await setUpTwoFactor(c.get('deps'), admin(c).adminId), 'Scan the code, then enter a code'),
  );
  r.post(
    '/2fa/enable',
    {
      summary: 'Put two-factor sign-in in force with a code; answers ten recovery codes, once',
      auth: 'admin',
      body: TwoFactorCodeBodySchema,
      response: z.object({ recoveryCodes: z.array(z.string()) }),
    },
    async (c, { body }) => {
      const recoveryCodes = await enableTwoFactorWith(c.get('deps'), admin(c), body.code);
      return ok(c, { recoveryCodes }, 'Two-factor sign-in is on. Keep the recovery codes somewhere safe.');
    },
  );
  r.post(
    '/2fa/disable',
    {
      summary: 'Turn two-factor sign-in off with a current code',
      auth: 'admin',
      body: TwoFactorCodeBodySchema,
    },
    async (c, { body }) => {
      await disableTwoFactorWith(c.get('deps'), admin(c).adminId, body.code);
      return okMessage(c, 'Two-factor sign-in is off');
    },
  );
  return r;
}
