import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';

// Owners demoting and switching each other off at the same moment, on real parallel transactions:
// one active owner always remains (server/services/operators/accounts.ts locks the owners first).

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the last owner under races', () => {
  it('three owners each demote or switch off the other two at once: exactly one owner stays', async () => {
    const owners = await Promise.all([0, 1, 2].map((i) => createAdmin(t, `race-owner-${i}`, 'owner')));
    const calls = owners.flatMap((me, i) =>
      owners
        .filter((_, j) => j !== i)
        .map((other, k) =>
          t.request('PATCH', `/api/v1/admin/operators/${other.id}`, {
            token: me.token,
            body: k % 2 === 0 ? { role: 'staff' } : { isActive: false },
          }),
        ),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    // A caller already demoted or switched off is refused (403/401); the last owner's change is 409.
    expect(statuses.every((s) => [200, 401, 403, 409].includes(s))).toBe(true);
    expect(statuses).toContain(409);
    const left = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM admins WHERE role = 'owner' AND is_active AND username LIKE 'race-owner-%'",
    );
    expect(left.rows[0]?.n).toBe(1);
  });
});
