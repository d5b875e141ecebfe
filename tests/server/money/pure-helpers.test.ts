import { describe, expect, it } from 'vitest';
import { canonicalJson, parseIdempotencyKey, requestHash } from '../../../server/services/idempotency-hash';
import { methodDetails } from '../../../server/services/money/withdrawal-method-rules';
import { signWebhookBody, verifyWebhookSignature } from '../../../server/services/payments/signature';
import { randomJodi, randomPanna } from '../../../server/services/scheduler/random-result';
import { planOutcomes } from '../../../server/services/settlement/plan';
import { WithdrawalMethodBodySchema } from '../../../src/contracts/withdrawals';
import { ALL_JODIS } from '../../../src/domain/jodis';
import { ALL_PANNAS } from '../../../src/domain/pannas';
import type { Rate } from '../../../src/domain/types';
import { TYPICAL_RATES } from './helpers/money-fixtures';

describe('idempotency fingerprints', () => {
  it('ignore key order but not values or the route', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 0 }], a: 1, z: undefined })).toBe(
      '{"a":1,"b":[2,{"c":0,"d":1}]}',
    );
    const h = requestHash('POST /user/fund', { amount: 5, x: [1, 2] });
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash('POST /user/fund', { x: [1, 2], amount: 5 })).toBe(h);
    expect(requestHash('POST /user/fund', { amount: 6, x: [1, 2] })).not.toBe(h);
    expect(requestHash('POST /user/withdrawal', { amount: 5, x: [1, 2] })).not.toBe(h);
    expect(requestHash('POST /user/fund', { amount: 5, x: [2, 1] })).not.toBe(h);
  });

  it.each([
    [undefined, null],
    ['', null],
    ['3f1c-uuid-like', '3f1c-uuid-like'],
    ['has space', 'invalid'],
    ['x'.repeat(201), 'invalid'],
  ])('parses the header %j', (header, expected) => {
    expect(parseIdempotencyKey(header)).toBe(expected);
  });
});

describe('webhook signatures', () => {
  const body = '{"eventId":"e1","orderId":"ORD1","status":"SUCCESS"}';
  it('accept the HMAC of the raw body only', () => {
    const sig = signWebhookBody(body, 'secret');
    expect(verifyWebhookSignature(body, sig, 'secret')).toBe(true);
    expect(verifyWebhookSignature(body, `sha256=${sig.toUpperCase()}`, 'secret')).toBe(true);
    expect(verifyWebhookSignature(`${body} `, sig, 'secret')).toBe(false);
    expect(verifyWebhookSignature(body, sig, 'other')).toBe(false);
    expect(verifyWebhookSignature(body, undefined, 'secret')).toBe(false);
    expect(verifyWebhookSignature(body, 'zz', 'secret')).toBe(false);
    expect(verifyWebhookSignature(body, sig, '')).toBe(false);
  });
});

describe('settlement planning', () => {
  const bid = (
    id: string,
    atom: Parameters<typeof planOutcomes>[0][number]['atom'],
    amountPaise = 1000,
    rate: Rate | null = null,
  ) => ({
    id,
    userId: 'u',
    gameType: 'single-digit' as const,
    atom,
    amountPaise,
    rate,
  });
  it('decides what the result can decide and leaves the rest pending', () => {
    const out = planOutcomes(
      [
        bid('a', { kind: 'digit', target: 'open', digit: '4' }),
        bid('b', { kind: 'digit', target: 'open', digit: '5' }),
        bid('c', { kind: 'jodi', jodi: '45' }),
        bid('d', { kind: 'digit', target: 'open', digit: '4' }, 333),
      ],
      'main',
      { family: 'main', openPanna: '149', closePanna: null },
      TYPICAL_RATES.main,
    );
    // 3.33 points at 10 KA 95 = 31.635 points, floored to the paisa: 3163 paise.
    expect(out).toEqual([
      { id: 'a', userId: 'u', status: 'won', winPaise: 9500 },
      { id: 'b', userId: 'u', status: 'lost', winPaise: 0 },
      { id: 'd', userId: 'u', status: 'won', winPaise: 3163 },
    ]);
  });

  it('pays each bid the rate it keeps, whatever the table says now', () => {
    const out = planOutcomes(
      [
        bid('kept', { kind: 'digit', target: 'open', digit: '4' }, 1000, { point: 10, amount: 95 }),
        bid('older', { kind: 'digit', target: 'open', digit: '4' }, 1000, null),
      ],
      'main',
      { family: 'main', openPanna: '149', closePanna: null },
      { ...TYPICAL_RATES.main, singleDigitAmount: 80 },
    );
    // The bid without a kept rate (placed before migration 025) is paid at the table now.
    expect(out).toEqual([
      { id: 'kept', userId: 'u', status: 'won', winPaise: 9500 },
      { id: 'older', userId: 'u', status: 'won', winPaise: 8000 },
    ]);
  });

  it('never settles a bid whose rate is missing', () => {
    const out = planOutcomes(
      [bid('a', { kind: 'digit', target: 'open', digit: '4' })],
      'main',
      { family: 'main', openPanna: '149', closePanna: null },
      {},
    );
    expect(out).toEqual([]);
  });
});

describe('automatic draw values', () => {
  it('are always valid canonical pannas and jodis', () => {
    expect(randomPanna(() => 0)).toBe(ALL_PANNAS[0]);
    expect(randomPanna((n) => n - 1)).toBe(ALL_PANNAS[ALL_PANNAS.length - 1]);
    expect(randomJodi((n) => n - 1)).toBe('99');
    for (let i = 0; i < 50; i++) {
      expect(ALL_PANNAS).toContain(randomPanna());
      expect(ALL_JODIS).toContain(randomJodi());
    }
  });
});

describe('saved withdrawal methods', () => {
  it('keeps only the fields of the chosen method', () => {
    const bank = WithdrawalMethodBodySchema.parse({
      method: 'bank',
      accountHolderName: ' A ',
      accountNumber: '123456789',
      confirmAccountNumber: '123456789',
      ifscCode: 'sbin0001234',
      bankName: 'SBI',
      branchName: ' ',
      phoneNumber: '9999999999',
    });
    expect(methodDetails(bank)).toEqual({
      method: 'bank',
      phoneNumber: null,
      accountHolderName: 'A',
      accountNumber: '123456789',
      ifscCode: 'SBIN0001234',
      bankName: 'SBI',
      branchName: null,
    });
    const wallet = WithdrawalMethodBodySchema.parse({
      method: 'gpay',
      phoneNumber: ' 9876543210 ',
      bankName: 'SBI',
      branchName: 'Fort',
    });
    expect(methodDetails(wallet)).toEqual({
      method: 'gpay',
      phoneNumber: '9876543210',
      accountHolderName: null,
      accountNumber: null,
      ifscCode: null,
      bankName: null,
      branchName: null,
    });
  });
});
