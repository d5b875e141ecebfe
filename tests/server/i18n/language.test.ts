import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTranslated, translate } from '../../../server/i18n/translate';
import { otpText } from '../../../server/services/auth/otp';
import { type PushSender, sendQueuedPushes } from '../../../server/services/push/worker';
import { winPushBody } from '../../../server/services/settlement/settle';
import { AUTH_MESSAGES } from '../../../src/contracts/auth';
import { LIMIT_FIELDS, limitMessage, pausedMessage } from '../../../src/domain/responsible-play';
import { authEn } from '../../../src/i18n/en/auth';
import { domainEn } from '../../../src/i18n/en/domain';
import { auth as hiAuth } from '../../../src/i18n/hi/auth';
import { auth as mrAuth } from '../../../src/i18n/mr/auth';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { playerMessages } from './player-messages';

let t: TestContext;
let p: PlayerFixture;

beforeAll(async () => {
  t = await createTestContext();
  p = await createPlayer(t, { balance: 1000 });
});
afterAll(() => t.close());

describe('the server catalogue', () => {
  it('has Hindi and Marathi for every message a player can get from the API', () => {
    const found = playerMessages(process.cwd());
    // The scan must see the real thing (not an empty list that passes by itself).
    expect(found).toContain('Invalid phone number or password');
    expect(found.length).toBeGreaterThan(60);
    const templated = [
      ...Object.values(domainEn),
      'Please wait 30 seconds before requesting another OTP',
      'You already have 5 pending payments. Please complete them or wait a while before adding more funds.',
      'Invalid page',
      'Market is closed for KALYAN',
      // Sign-up rules (the 18+ box among them) and responsible play's refusals (issue 20)
      ...Object.values(AUTH_MESSAGES),
      'A limit must be a whole number of rupees',
      ...LIMIT_FIELDS.flatMap((f) =>
        (['real', 'points'] as const).map((mode) =>
          limitMessage(f, 1500, new Date('2026-11-21T18:30:00Z'), 'Asia/Kolkata', mode),
        ),
      ),
      pausedMessage(new Date('2027-05-18T10:00:00Z'), 'Asia/Kolkata'),
    ];
    const missing = [...found, ...templated].filter((m) => !isTranslated(m.replace('{min}', '10')));
    expect(missing).toEqual([]);
  });

  it("says the sign-up rules (the 18+ box among them) in the sign-in page's words", () => {
    const keys = Object.keys(authEn) as Array<keyof typeof authEn>;
    const rules = Object.values(AUTH_MESSAGES).filter((m) => keys.some((k) => authEn[k] === m));
    expect(rules).toContain('You must be 18 or older to play');
    expect(rules.length).toBeGreaterThanOrEqual(7);
    for (const rule of rules) {
      const key = keys.find((k) => authEn[k] === rule) as keyof typeof authEn;
      expect([translate(rule, 'hi'), translate(rule, 'mr')]).toEqual([hiAuth[key], mrAuth[key]]);
    }
  });

  it('fills templates and leaves unknown text (an operator note) alone', () => {
    expect(translate('Minimum bid amount is 10', 'hi')).toBe('कम से कम 10 की बोली लगाएं');
    expect(translate('Market is closed for KALYAN', 'mr')).toBe('KALYAN मार्केट बंद आहे');
    expect(translate('Back at 6 pm', 'hi')).toBe('Back at 6 pm');
    expect(translate('Invalid OTP', 'en')).toBe('Invalid OTP');
  });

  it("puts a refusal's date and points in the language (month names, digits 0-9)", () => {
    const reset = new Date('2026-11-21T18:30:00Z');
    const deposit = limitMessage('depositDay', 500, reset, 'Asia/Kolkata');
    expect(deposit).toBe('Deposit limit reached: you can add ₹500 more until 22 Nov, 12:00 AM');
    expect(translate(deposit, 'hi')).toBe('डिपॉज़िट की सीमा पूरी: 22 नव॰, 12:00 AM तक आप ₹500 और जोड़ सकते हैं');
    const loss = limitMessage('lossWeek', 1500, reset, 'Asia/Kolkata', 'points');
    expect(translate(loss, 'mr')).toBe(
      'तोट्याची मर्यादा पूर्ण: 22 नोव्हें, 12:00 AM पर्यंत तुम्ही आणखी 1,500 पॉइंट ची बोली लावू शकता',
    );
    const paused = pausedMessage(new Date('2027-05-18T10:00:00Z'), 'Asia/Kolkata');
    expect(translate(paused, 'hi')).toBe('आपका खाता 18 मई 2027, 03:30 PM तक रुका हुआ है');
    expect(translate(paused, 'en')).toBe('Your account is paused until 18 May 2027, 03:30 PM');
    expect(translate(AUTH_MESSAGES.adult, 'mr')).toBe('खेळण्यासाठी तुमचे वय 18 वर्षे किंवा त्याहून अधिक असले पाहिजे');
  });

  it('writes the OTP SMS in the language', () => {
    expect(otpText('1234', 'login', 'en')).toMatch(/^1234 is your login OTP\./);
    expect(otpText('1234', 'password', 'hi')).toMatch(/^1234 आपका पासवर्ड बदलने का OTP है।/);
    expect(otpText('1234', 'registration', 'mr')).toMatch(/^1234 हा तुमचा नोंदणी OTP आहे\./);
  });
});

describe('answers in the player language', () => {
  it('a wrong password in Marathi answers the Marathi message; English stays the default', async () => {
    const body = { phone: p.phone, password: 'wrong-password' };
    const mr = await t.request('POST', '/api/v1/user/login', { body, headers: { 'accept-language': 'mr' } });
    expect(mr.status).toBe(401);
    expect(mr.body.message).toBe('मोबाईल नंबर किंवा पासवर्ड चुकीचा आहे');
    const en = await t.request('POST', '/api/v1/user/login', { body });
    expect(en.body.message).toBe('Invalid phone number or password');
    const browser = await t.request('POST', '/api/v1/user/login', {
      body,
      headers: { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' },
    });
    expect(browser.body.message).toBe('Invalid phone number or password');
  });

  it('field errors follow the language too', async () => {
    const r = await t.request('POST', '/api/v1/user/login', {
      body: { password: 'x' },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.phone).toBe('मोबाइल नंबर डालें');
  });

  it('PUT /user/language saves the choice; without Accept-Language answers follow it', async () => {
    const bad = await t.request('PUT', '/api/v1/user/language', { token: p.token, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    const saved = await t.request('PUT', '/api/v1/user/language', {
      token: p.token,
      body: { language: 'hi' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.language).toBe('hi');
    const me = await t.request('GET', '/api/v1/user/user-details', { token: p.token });
    expect(me.body.data.language).toBe('hi');
    // A player saved as Marathi, whose token was never used (no kept principal yet).
    const other = await createPlayer(t);
    await t.db.query(`UPDATE users SET language = 'mr' WHERE id = $1`, [other.id]);
    const refused = await t.request('POST', '/api/v1/user/main/bids', {
      token: other.token,
      body: { bids: [] },
    });
    expect(refused.body.message).toBe('किमान एक बोली जोडा');
    const anon = await t.request('PUT', '/api/v1/user/language', { body: { language: 'hi' } });
    expect(anon.status).toBe(401);
  });

  it('the operator console gets English whatever the browser says', async () => {
    const op = await createAdmin(t);
    const r = await t.request('GET', '/api/v1/admin/users/not-an-id/activity', {
      token: op.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('User not found');
  });
});

describe('pushes and SMS in the player language', () => {
  it('a push to a Hindi player is Hindi (outbox row); an English player keeps English', async () => {
    const op = await createAdmin(t);
    const hindi = await createPlayer(t);
    const english = await createPlayer(t);
    await t.db.query(`UPDATE users SET language = 'hi' WHERE id = $1`, [hindi.id]);
    for (const who of [hindi, english]) {
      const fund = await t.request('POST', '/api/v1/user/fund', { token: who.token, body: { amount: 300 } });
      expect(fund.status).toBe(201);
      const id = fund.body.data.fundId;
      expect((await t.request('POST', `/api/v1/admin/funds/${id}/approve`, { token: op.token })).status).toBe(
        200,
      );
    }
    const rows = await t.db.query<{ user_id: string; title: string; body: string }>(
      'SELECT user_id, title, body FROM push_outbox WHERE user_id = ANY($1::uuid[])',
      [[hindi.id, english.id]],
    );
    const of = (id: string) => rows.rows.find((r) => r.user_id === id);
    expect(of(hindi.id)).toMatchObject({ title: 'फंड जुड़ गया', body: '₹300 आपके वॉलेट में जुड़ गए।' });
    expect(of(english.id)).toMatchObject({
      title: 'Funds added successfully',
      body: '₹300 was added to your wallet.',
    });
  });

  it('a declared result goes to each player in their language (one send per language)', async () => {
    const hindi = await createPlayer(t);
    const marathi = await createPlayer(t);
    const english = await createPlayer(t);
    await t.db.query(`UPDATE users SET language = 'hi' WHERE id = $1`, [hindi.id]);
    await t.db.query(`UPDATE users SET language = 'mr' WHERE id = $1`, [marathi.id]);
    for (const [who, token] of [
      [hindi, 'tok-hi'],
      [marathi, 'tok-mr'],
      [english, 'tok-en'],
    ] as const)
      await t.db.query('INSERT INTO device_tokens (user_id, token) VALUES ($1, $2)', [who.id, token]);
    await t.db.query(
      `INSERT INTO push_outbox (user_id, title, body, link) VALUES (NULL, 'KALYAN result', 'KALYAN: 128-1', '/home')`,
    );
    const sent: Array<{ tokens: string[]; title: string }> = [];
    const sender: PushSender = async (tokens, payload) => {
      sent.push({ tokens, title: payload.notification.title });
      return { dead: [] };
    };
    await sendQueuedPushes(t.db, sender);
    const result = sent.filter((s) => s.title.startsWith('KALYAN'));
    expect(result).toContainEqual({ tokens: ['tok-hi'], title: 'KALYAN रिज़ल्ट' });
    expect(result).toContainEqual({ tokens: ['tok-mr'], title: 'KALYAN रिझल्ट' });
    expect(result).toContainEqual({ tokens: ['tok-en'], title: 'KALYAN result' });
  });

  it('the OTP SMS of a Marathi request is Marathi', async () => {
    const phone = '9123456780';
    const r = await t.request('POST', '/api/v1/user/register', {
      body: {
        name: 'Marathi Player',
        phone,
        password: 'secret12',
        confirmPassword: 'secret12',
        newPassword: 'secret12',
        adult: true,
      },
      headers: { 'accept-language': 'mr' },
    });
    expect(r.status).toBeLessThan(300);
    const sms = await t.db.query<{ text: string }>(
      'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY created_at DESC LIMIT 1',
      [phone],
    );
    expect(sms.rows[0]?.text).toMatch(/हा तुमचा नोंदणी OTP आहे/);
  });
});

describe('a win push in the money mode unit (issue 49)', () => {
  it('says rupees in money mode and points in points mode, in each language', () => {
    expect(winPushBody(95050, 'KALYAN', 'real')).toBe('₹950.50 won in KALYAN has been added to your wallet.');
    expect(translate(winPushBody(95000, 'KALYAN', 'real'), 'hi')).toBe('KALYAN में जीते ₹950 आपके वॉलेट में जुड़ गए।');
    expect(winPushBody(95000, 'KALYAN', 'points')).toBe(
      '950 points won in KALYAN has been added to your wallet.',
    );
    expect(translate(winPushBody(95050, 'KALYAN', 'points'), 'mr')).toBe(
      'KALYAN मध्ये जिंकलेले 950.50 पॉइंट तुमच्या वॉलेटमध्ये जमा झाले.',
    );
  });
});
