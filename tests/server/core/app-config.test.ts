import { afterEach, describe, expect, it } from 'vitest';
import { updateSetting } from '../../../server/db/repositories/settings';
import { createTestContext, type TestContext } from '../helpers/test-app';

// GET /config tells the app the market time zone, so its windows and dates follow MARKET_TZ.
let t: TestContext | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('GET /api/v1/config', () => {
  it('answers the default market time zone without a token', async () => {
    t = await createTestContext();
    const res = await t.request('GET', '/api/v1/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, data: { marketTz: 'Asia/Kolkata' } });
  });

  it('answers the zone MARKET_TZ sets', async () => {
    t = await createTestContext({ env: { MARKET_TZ: 'Etc/GMT-5' } });
    const res = await t.request('GET', '/api/v1/config');
    expect(res.body.data).toEqual({ marketTz: 'Etc/GMT-5', moneyMode: 'real' });
  });

  it('keeps answering during maintenance, when the app most needs its dates right', async () => {
    t = await createTestContext();
    await updateSetting(t.db, 'maintenance', { isActive: true });
    const res = await t.request('GET', '/api/v1/config');
    expect(res.status).toBe(200);
  });

  it('is in the OpenAPI document with its answer schema', async () => {
    t = await createTestContext();
    const doc = await t.request('GET', '/api/docs/openapi.json');
    expect(JSON.stringify(doc.body.paths['/api/v1/config'].get)).toContain('marketTz');
  });
});
