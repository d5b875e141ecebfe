/**
 * The operator actions the audit log can be filtered by (`GET /admin/audit-log?action=`), each the
 * routes it covers (method and route as the log stores them) and how the console names it.
 * @example AUDIT_ACTIONS['withdrawal-approve'].label // 'Withdrawal approved'
 */
const A = '/api/v1/admin';
const each = (method: string, routes: string[]) => routes.map((route) => [method, `${A}${route}`] as const);
const writes = (paths: string[]) =>
  paths.flatMap((p) => [...each('POST', [p]), ...each('PUT', [`${p}/:id`]), ...each('DELETE', [`${p}/:id`])]);

export const AUDIT_ACTIONS = {
  'withdrawal-approve': { label: 'Withdrawal approved', routes: each('POST', ['/withdrawals/:id/approve']) },
  'withdrawal-reject': { label: 'Withdrawal rejected', routes: each('POST', ['/withdrawals/:id/reject']) },
  'fund-approve': { label: 'Deposit approved', routes: each('POST', ['/funds/:id/approve']) },
  'fund-reject': { label: 'Deposit rejected', routes: each('POST', ['/funds/:id/reject']) },
  'wallet-adjust': {
    label: 'Wallet credit or debit',
    routes: [...each('POST', ['/users/:id/wallet']), ...each('POST', ['/wallet-adjustments/:id/approve'])],
  },
  'player-change': {
    label: 'Player blocked, unblocked or betting switched',
    routes: each('PATCH', ['/users/:id']),
  },
  'result-declare': {
    label: 'Result declared',
    // FEED: declared by the result feed's agreeing sources (issue 46), no operator's request.
    routes: ['POST', 'FEED'].flatMap((m) =>
      each(m, ['/results/main', '/results/starline', '/results/galidisawar']),
    ),
  },
  'result-revert': { label: 'Result reverted', routes: each('DELETE', ['/results/:family/:id']) },
  'winners-run': {
    label: 'Winners run again',
    routes: each('POST', ['/starline/winners', '/galidisawar/winners']),
  },
  'market-change': {
    label: 'Market created, changed or deleted',
    routes: writes(['/main-games', '/starline-games', '/galidisawar-games']),
  },
  'rates-change': {
    label: 'Rates changed',
    routes: each('PUT', ['/game-point', '/starline-game-rate', '/galidisawar-rate']),
  },
  'settings-change': {
    label: 'Settings changed',
    routes: each('PUT', [
      '/contact',
      '/app-link',
      '/required-update',
      '/maintenance',
      '/responsible-play-help',
    ]),
  },
  'content-change': {
    label: 'Content changed',
    routes: writes(['/sliders', '/notices', '/videos', '/footer-links', '/logos']),
  },
  'operator-change': {
    label: 'Operator created or changed',
    routes: [
      ...each('POST', [
        '/operators',
        '/operators/:id/password',
        '/operators/:id/approve',
        '/operators/:id/reject',
      ]),
      ...each('PATCH', ['/operators/:id']),
    ],
  },
  'sign-in': {
    label: 'Operator sign-in (right or wrong)',
    routes: each('POST', ['/login', '/login/2fa']),
  },
  'risk-clear': { label: 'Risk flag cleared', routes: each('POST', ['/risk-flags/:id/clear']) },
  'backup-write': { label: 'Backup written', routes: each('POST', ['/backups']) },
  'sms-read': { label: 'SMS outbox read', routes: each('GET', ['/sms-outbox']) },
  'result-source-change': {
    label: 'Result source added, changed, fetched or removed',
    routes: [
      ...each('POST', ['/result-sources', '/result-sources/:id/fetch']),
      ...each('PATCH', ['/result-sources/:id']),
      ...each('DELETE', ['/result-sources/:id']),
    ],
  },
  'chart-history': {
    label: 'Chart imported or exported',
    routes: [...each('POST', ['/charts/import']), ...each('GET', ['/charts/export.csv'])],
  },
  'data-export': {
    label: 'Data exported (CSV)',
    routes: each('GET', [
      '/exports/bids.csv',
      '/exports/ledger.csv',
      '/exports/funds.csv',
      '/exports/withdrawals.csv',
      '/payouts.csv',
    ]),
  },
  'statement-upload': { label: 'Bank statement uploaded', routes: each('POST', ['/bank-statements']) },
  'exception-resolve': {
    label: 'Bank statement exception resolved',
    routes: each('POST', ['/reconciliation/exceptions/:id/resolve']),
  },
  'withdrawal-payout': {
    label: "Withdrawal UTR added or the bank's answer imported",
    routes: each('POST', ['/withdrawals/:id/payout', '/payouts/results']),
  },
  'payment-match': {
    label: 'Bank message matched to a deposit, or its match approved',
    routes: each('POST', ['/payment-notifications/:id/match', '/payment-notifications/:id/approve']),
  },
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The action an audit row belongs to, or null for one the catalogue does not name. */
export function auditActionOf(method: string, route: string): AuditAction | null {
  for (const name of AUDIT_ACTION_NAMES) {
    if (AUDIT_ACTIONS[name].routes.some(([m, r]) => m === method && r === route)) return name;
  }
  return null;
}
