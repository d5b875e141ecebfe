import { AdminLoginAnswerSchema, AdminLoginBodySchema } from '../../src/contracts/auth';
import { createRouter } from '../http/router';
import { limitAddress } from '../services/address-limits';
import { adminLogin } from '../services/admins';

export function adminAuthRoutes() {
  const r = createRouter('/api/v1/admin', 'Operators');
  r.post(
    '/login',
    {
      summary: 'Operator login',
      auth: 'public',
      body: AdminLoginBodySchema,
      response: AdminLoginAnswerSchema,
    },
    async (c, { body }) => {
      const { db, env } = c.get('deps');
      await limitAddress(db, env, 'login', c.get('clientAddress'));
      const token = await adminLogin(db, body.username, body.password);
      return c.json({ status: true, message: 'Login successful', token });
    },
  );
  return r;
}
