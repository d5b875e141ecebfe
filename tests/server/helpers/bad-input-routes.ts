/** The bad-input table of tests/server/core/bad-input.test.ts: every body route with a valid body. */

export interface RouteIds {
  gameId: string;
  noticeId: string;
  otherId: string;
}

export type Who = 'none' | 'player' | 'admin';
export interface BodyRoute {
  method: string;
  path: (ids: RouteIds) => string;
  who: Who;
  valid: Record<string, unknown>;
  /** Fields whose format makes an SQL or script payload invalid. */
  formatted: string[];
}

const SQL = "1' OR '1'='1'; DROP TABLE users; --";
const SCRIPT = '<script>alert(1)</script>';

export const ROUTES: BodyRoute[] = [
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/register',
    who: 'none',
    valid: { name: 'A', phone: '9000000001', password: 'secret12', adult: true },
    formatted: ['phone'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/login',
    who: 'none',
    valid: { phone: '9000000001', password: 'secret12' },
    formatted: ['phone'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/verify-otp',
    who: 'none',
    valid: { otp: '1234', phone: '9000000001', purpose: 'login' },
    formatted: ['otp', 'phone', 'purpose'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/resend-otp',
    who: 'none',
    valid: { phone: '9000000001' },
    formatted: ['phone'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/forget-password',
    who: 'none',
    valid: { phone: '9000000001' },
    formatted: ['phone'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/reset-password',
    who: 'none',
    valid: {
      newPassword: 'abcdef1',
      confirmPassword: 'abcdef1',
      phone: '9000000001',
      resetToken: 'x'.repeat(43),
    },
    formatted: ['phone'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/user/device-token',
    who: 'player',
    valid: { deviceToken: 'tok' },
    formatted: [],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/login',
    who: 'none',
    valid: { username: 'nobody', password: 'x' },
    formatted: [],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/main-games',
    who: 'admin',
    valid: { gameName: 'New', openTime: '10:00', closeTime: '11:00' },
    formatted: ['openTime', 'closeTime'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/starline-games',
    who: 'admin',
    valid: { gameName: 'New', openTime: '10:00' },
    formatted: ['openTime'],
  },
  {
    method: 'PUT',
    path: (_ids) => `/api/v1/admin/main-games/${_ids.gameId}`,
    who: 'admin',
    valid: { openTime: '10:00' },
    formatted: ['openTime'],
  },
  {
    method: 'PUT',
    path: (_ids) => '/api/v1/admin/game-point',
    who: 'admin',
    valid: { singleDigitPoint: 10 },
    formatted: ['singleDigitPoint'],
  },
  {
    method: 'PUT',
    path: (_ids) => '/api/v1/admin/contact',
    who: 'admin',
    valid: { email: 'a@example.com' },
    formatted: ['email'],
  },
  {
    method: 'PUT',
    path: (_ids) => '/api/v1/admin/app-link',
    who: 'admin',
    valid: { applink: 'https://example.com' },
    formatted: ['applink'],
  },
  {
    method: 'PUT',
    path: (_ids) => '/api/v1/admin/required-update',
    who: 'admin',
    valid: { min_bidamount: 10, max_bidamount: 100 },
    formatted: ['min_bidamount', 'max_bidamount'],
  },
  {
    method: 'PUT',
    path: (_ids) => '/api/v1/admin/maintenance',
    who: 'admin',
    valid: { isActive: false },
    formatted: ['isActive'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/sliders',
    who: 'admin',
    valid: { imageUrl: '/a.png' },
    formatted: ['imageUrl'],
  },
  {
    method: 'PUT',
    path: (_ids) => `/api/v1/admin/notices/${_ids.noticeId}`,
    who: 'admin',
    valid: { title: 'T' },
    formatted: [],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/videos',
    who: 'admin',
    valid: { youtubeId: 'aqz-KE-bpKQ', title: 'T' },
    formatted: ['youtubeId'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/footer-links',
    who: 'admin',
    valid: { title: 'T', url: 'https://e.com' },
    formatted: ['url'],
  },
  {
    method: 'POST',
    path: (_ids) => '/api/v1/admin/logos',
    who: 'admin',
    valid: { imageUrl: '/l.svg', app_title: 'A' },
    formatted: ['imageUrl'],
  },
  {
    method: 'PATCH',
    path: (_ids) => `/api/v1/admin/users/${_ids.otherId}`,
    who: 'admin',
    valid: { isBlocked: false },
    formatted: ['isBlocked'],
  },
];

export function variants(route: BodyRoute): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [
    ['no body fields', {}],
    ['an array body', [route.valid]],
    ['a string body', 'hello'],
  ];
  for (const field of Object.keys(route.valid)) {
    out.push([`${field} as an object`, { ...route.valid, [field]: { $gt: '' } }]);
    out.push([`${field} oversize`, { ...route.valid, [field]: 'x'.repeat(20_000) }]);
    if (route.formatted.includes(field)) {
      out.push([`${field} SQL`, { ...route.valid, [field]: SQL }]);
      out.push([`${field} script`, { ...route.valid, [field]: SCRIPT }]);
    }
  }
  return out;
}
