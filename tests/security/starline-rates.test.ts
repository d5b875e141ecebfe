import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RATES } from '../../server/seed/demo-data';
import { createAdmin } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/**
 * "PUT /admin/starline-game-rate refuses the main-shaped body that docs/product.md says starline rates
 * share": it takes the main shape, and a client can send back exactly what it read.
 */
let t: TestContext;
let op: { token: string };
beforeAll(async () => {
  t = await createTestContext();
  op = await createAdmin(t);
});
afterAll(() => t.close());

/** The main-shaped rate table (docs/game-rules.md section 6), as the seed writes it for main markets. */
const MAIN_SHAPE = DEMO_RATES.main;

describe('starline rates share the main shape', () => {
  it('accepts the main-shaped body and reads it back', async () => {
    const put = await t.request('PUT', '/api/v1/admin/starline-game-rate', {
      token: op.token,
      body: MAIN_SHAPE,
    });
    expect(put.status).toBe(200);
    const read = await t.request('GET', '/api/v1/admin/starline-game-rate');
    expect(read.body.data[0]).toMatchObject(MAIN_SHAPE);
  });

  it('round-trips: the read object sent back unchanged is accepted and changes nothing', async () => {
    const read = (await t.request('GET', '/api/v1/admin/starline-game-rate')).body.data[0];
    const put = await t.request('PUT', '/api/v1/admin/starline-game-rate', { token: op.token, body: read });
    expect(put.status).toBe(200);
    const again = (await t.request('GET', '/api/v1/admin/starline-game-rate')).body.data[0];
    const { updatedAt: _a, ...before } = read;
    const { updatedAt: _b, ...after } = again;
    expect(after).toEqual(before);
  });

  it('still refuses keys of no rate table and galidisawar keys', async () => {
    for (const body of [{ leftDigitPoint: 10 }, { bogusPoint: 1 }]) {
      const res = await t.request('PUT', '/api/v1/admin/starline-game-rate', { token: op.token, body });
      expect(res.status).toBe(400);
    }
  });
});
