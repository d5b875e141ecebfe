import { AUDIT_ACTIONS, type AuditAction } from '../contracts/audit-actions';
import type { AuditEntry } from '../contracts/operators';
import {
  obj,
  paymentMatchSentence,
  payoutSentence,
  str,
  walletSentence,
  withdrawalApproved,
  withdrawalRejected,
} from './audit-money';
import { operatorSentence } from './audit-operators';
import { KIND_TITLE } from './bank-statements/words';
import { feedSentence, feedSources } from './feeds/audit-feed';
import { countText, dayText, flagTitle, money, phoneText, playerText, sessionName } from './words';

// The audit log read like a ledger of who did what to whom: one sentence per entry, built from
// the entry's request and the resource before and after (money in audit-money.ts, operators in
// audit-operators.ts); what changed field by field is audit-diff.ts.

export type { AuditEntry };

/** A declared result in words: "Declared 123 for KALYAN (Open) on 25 Nov: 3 winners, ₹950 paid". */
function declaredSentence(req: Record<string, unknown>, after: Record<string, unknown>): string {
  const result = obj(after.result);
  const settlement = obj(after.settlement);
  const number = str(req.panna ?? req.jodi);
  const session = req.session ? ` (${sessionName(str(req.session))})` : '';
  // The result feed's sources agreed (issue 46): no operator asked for it.
  const feed = after.declaredBy === 'feed' ? `, declared by feed (${feedSources(after)})` : '';
  const winners = countText(Number(settlement.winners ?? 0), 'winner');
  return `Declared ${number} for ${str(result.gameName) || 'a market'}${session} on ${dayText(str(req.resultDate))}: ${winners}, ${money(Number(settlement.totalWinAmount ?? 0))} paid${feed}`;
}

/** A result reverted: which, what it took back and why. */
function revertedSentence(
  e: AuditEntry,
  req: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const name = str(before.gameName);
  const day = dayText(str(before.resultDate ?? obj(after.result).resultDate));
  const what = name
    ? `${name}'s result${day ? ` of ${day}` : ''}`
    : `a ${e.path.split('/').at(-2) ?? ''} result`;
  const r = obj(after.reverted);
  const undone =
    r.bids === undefined
      ? ''
      : `: ${countText(Number(r.bids), 'bid')} back to pending, ${money(Number(r.totalWinAmount ?? 0))} taken back`;
  return `Reverted ${what}${undone}${req.reason ? ` ("${str(req.reason)}")` : ''}`;
}

/** What the operator did, in words, when the write succeeded. */
function didWhat(e: AuditEntry): string {
  const req = obj(e.request);
  const before = obj(e.before);
  const after = obj(e.after);
  switch (e.action as AuditAction | null) {
    case 'withdrawal-approve':
      return withdrawalApproved(e, before, after);
    case 'withdrawal-payout':
      return payoutSentence(e, req, after);
    case 'withdrawal-reject':
      return withdrawalRejected(req, after);
    case 'fund-approve':
      return `Approved a deposit of ${money(Number(after.amount))} for ${playerText(obj(after.user))}${after.utr ? ` (UTR ${str(after.utr)})` : ''}`;
    case 'fund-reject':
      return `Rejected a deposit of ${money(Number(after.amount))} for ${playerText(obj(after.user))}${req.reason ? `: "${str(req.reason)}"` : ''}`;
    case 'wallet-adjust':
      return walletSentence(e, req, before, after);
    case 'payment-match':
      return paymentMatchSentence(e, before, after);
    case 'player-change': {
      const player = Object.keys(before).length ? before : after;
      const parts: string[] = [];
      if (req.isBlocked === true) parts.push('Blocked');
      if (req.isBlocked === false) parts.push('Unblocked');
      if (req.globel_batting === false) parts.push('Turned betting off for');
      if (req.globel_batting === true) parts.push('Turned betting on for');
      return `${parts.join(' and ') || 'Changed'} ${playerText(player)}`;
    }
    case 'result-declare':
      return declaredSentence(req, after);
    case 'result-source-change':
    case 'chart-history':
      return feedSentence(e, req, before, after);
    case 'result-revert':
      return revertedSentence(e, req, before, after);
    case 'risk-clear': {
      const title = after.kind ? flagTitle(str(after.kind)) : 'a risk flag';
      const referral =
        req.referral === 'pay'
          ? ' and paid the held bonus'
          : req.referral === 'refuse'
            ? ' and refused the held bonus'
            : '';
      return `Cleared the flag "${title}"${referral}: "${str(req.note)}"`;
    }
    case 'sms-read': {
      const phone = str(req.phone);
      return `Read the SMS outbox${phone ? ` for ${phoneText(phone)}` : ''}`;
    }
    case 'operator-change':
      return operatorSentence(e, req, before, after);
    case 'sign-in':
      return obj(e.after).step === 'second-factor'
        ? 'Password right: asked for the second factor'
        : `Signed in${e.route.endsWith('/2fa') ? ' with the second factor' : ''}`;
    case 'data-export': {
      if (e.path.endsWith('/payouts.csv')) return 'Exported the payout batch for the bank (CSV)';
      const what = e.path.replace(/^.*\/exports\//, '').replace(/\.csv$/, '');
      const range =
        req.from === req.to ? dayText(str(req.from)) : `${dayText(str(req.from))} to ${dayText(str(req.to))}`;
      return `Exported ${what} of ${range} (CSV)`;
    }
    case 'market-change': {
      const name = str(req.gameName ?? before.gameName ?? after.gameName);
      if (e.method === 'PUT' && req.currentMarketStatus === false)
        return `Closed market ${name} until reopened`;
      if (e.method === 'PUT' && req.currentMarketStatus === true) return `Opened market ${name}`;
      if (e.method === 'PUT' && req.schedule) return `Changed the weekdays of market ${name}`;
      if (e.method === 'PUT' && (req.openTime || req.closeTime)) return `Changed the times of market ${name}`;
      const verb = e.method === 'POST' ? 'Created' : e.method === 'DELETE' ? 'Deleted' : 'Changed';
      return `${verb} market ${name}`.trim();
    }
    case 'content-change': {
      const kind = CONTENT_KINDS[e.route.replace(/^\/api\/v1\/admin\//, '').split('/')[0] ?? ''] ?? 'content';
      const item = Object.keys(after).length ? after : before;
      const what = str(item.title ?? item.caption ?? item.app_title ?? item.imageUrl);
      const verb = e.method === 'POST' ? 'Added' : e.method === 'DELETE' ? 'Deleted' : 'Changed';
      return `${verb} ${kind}${what ? ` "${what}"` : ''}`;
    }
    case 'statement-upload': {
      const of = `the ${str(after.bank)} bank statement of ${dayText(str(after.from))} to ${dayText(str(after.to))}`;
      return after.duplicate === true
        ? `Uploaded ${of} again (nothing changed)`
        : `Uploaded ${of}: ${countText(Number(after.rows), 'line')}, ${countText(Number(after.opened ?? 0), 'new exception')}`;
    }
    case 'exception-resolve': {
      const title =
        KIND_TITLE[str(before.kind ?? after.kind) as keyof typeof KIND_TITLE] ?? 'a bank statement exception';
      return `Resolved "${title}"${before.day ? ` of ${dayText(str(before.day))}` : ''}: "${str(req.note)}"`;
    }
    default:
      return OTHER_ROUTES[`${e.method} ${e.route}`]?.[0] ?? actionLabel(e);
  }
}

/** The Content screen's kinds, by the path they are written at. */
const CONTENT_KINDS: Record<string, string> = {
  notices: 'a notice',
  sliders: 'a home banner',
  videos: 'a how-to-play video',
  'footer-links': 'a footer link',
  logos: 'an app logo',
};

const A = '/api/v1/admin';
/** The operator's own security rows, which no filter names (sign-ins are the 'sign-in' action): [done, refused]. */
const OTHER_ROUTES: Record<string, [string, string]> = {
  [`POST ${A}/2fa/setup`]: ['Started setting up two-step sign-in', 'Two-step sign-in set-up refused'],
  [`POST ${A}/2fa/enable`]: ['Turned two-step sign-in on', 'Turning two-step sign-in on refused'],
  [`POST ${A}/2fa/disable`]: ['Turned two-step sign-in off', 'Turning two-step sign-in off refused'],
  [`DELETE ${A}/sessions/:id`]: ['Ended one of their sessions', 'Ending a session refused'],
  [`DELETE ${A}/operators/:id/sessions`]: ['Ended every session of an operator', 'Ending sessions refused'],
  [`POST ${A}/password`]: ['Changed their password', 'Password change refused'],
};

/**
 * The action's name, else the screen's word for what was asked ("a change to players"), never a
 * raw method and path.
 */
function actionLabel(e: AuditEntry): string {
  const label = e.action ? AUDIT_ACTIONS[e.action as AuditAction]?.label : null;
  if (label) return label;
  const what = e.route
    .replace(A, '')
    .split('/')
    .filter((part) => part && !part.startsWith(':'))
    .join(' ')
    .replace(/-/g, ' ');
  const verb = { GET: 'Read', POST: 'Asked for', PUT: 'Changed', PATCH: 'Changed', DELETE: 'Deleted' }[
    e.method
  ];
  return `${verb ?? e.method} ${what || 'the console'}`.trim();
}

/**
 * One sentence for an audit entry; a refused write says so with its status.
 * @example auditSentence(approveEntry) // 'Approved ₹120 to PhonePe 93021 01538 for Ravi (98765 43210)'
 */
export function auditSentence(e: AuditEntry): string {
  if (e.action === 'sign-in' && e.status >= 400) {
    const who = e.adminId ? '' : ' (no operator has this name)';
    return `Sign-in refused (${e.status})${who}`;
  }
  if (e.status >= 400) {
    const refused = OTHER_ROUTES[`${e.method} ${e.route}`]?.[1];
    return refused ? `${refused} (${e.status})` : `Refused (${e.status}): ${actionLabel(e)}`;
  }
  return didWhat(e);
}
