import { AUDIT_ACTIONS, type AuditAction } from '../contracts/audit-actions';
import type { AuditEntry } from '../contracts/operators';
import { dayText, KIND_TITLE } from './bank-statements/words';
import { feedSentence, feedSources } from './feeds/audit-feed';
import { flagTitle, money, operatorChangeText, payeeText, phoneText, playerText, whenText } from './words';

// The audit log read like a ledger of who did what to whom: one sentence per entry, built from
// the entry's request and the resource before and after, and a short before/after diff.

export type { AuditEntry };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** An operator change: asked for (202, waits for a second owner), approved, dropped or done. */
function operatorSentence(e: AuditEntry, req: Obj, before: Obj, after: Obj): string {
  const name = str(before.username ?? after.username ?? req.username);
  const waits = e.status === 202 ? ': waits for a second owner' : '';
  if (e.route.endsWith('/approve'))
    return `Approved the change of operator ${name}: ${operatorChangeText(str(obj(before.waiting).kind))}`;
  if (e.route.endsWith('/reject')) return `Dropped the change of operator ${name}`;
  if (e.route.endsWith('/password')) return `Asked for a new password for ${name}${waits}`;
  if (e.method === 'POST') return `Asked for a new operator ${name} (${str(req.role) || 'owner'})${waits}`;
  if (req.role === 'owner') return `Asked to make ${name} an owner${waits}`;
  if (req.isActive === true) return `Asked to switch ${name} back on${waits}`;
  if (req.twoFactor === false) return `Asked to turn two-factor sign-in off for ${name}${waits}`;
  return `Changed operator ${name}`;
}

/** A UTR given after the approval, or a bank's answer to a payout batch checked or applied. */
function payoutSentence(e: AuditEntry, req: Obj, after: Obj, person: Obj): string {
  if (e.path.endsWith('/payout'))
    return `Added UTR ${str(req.utr ?? after.payoutUtr)} to the ${money(Number(after.amount))} paid to ${payeeText(str(after.method), obj(after.methodDetails))} for ${playerText(person)}`;
  const n = (k: string) => Number(after[k] ?? 0);
  const problems = Array.isArray(after.problems) ? after.problems.length - n('unchanged') : 0;
  const counts = `${n('paid')} paid, ${n('failed')} failed and refunded, ${n('waiting')} waiting for a second owner, ${n('unchanged')} unchanged, ${problems} with problems`;
  return after.dryRun
    ? `Checked a bank answer without applying it: ${counts}`
    : `Applied a bank answer: ${counts}`;
}

/** What the operator did, in words, when the write succeeded. */
function didWhat(e: AuditEntry): string {
  const req = obj(e.request);
  const before = obj(e.before);
  const after = obj(e.after);
  const person = obj(after.user ?? before.user);
  switch (e.action as AuditAction | null) {
    case 'withdrawal-approve':
      return `Approved ${money(Number(after.amount))} to ${payeeText(str(after.method), obj(after.methodDetails))} for ${playerText(person)}${after.payoutUtr ? ` (UTR ${str(after.payoutUtr)})` : ''}`;
    case 'withdrawal-payout':
      return payoutSentence(e, req, after, person);
    case 'withdrawal-reject':
      return `Rejected ${money(Number(after.amount))} to ${payeeText(str(after.method), obj(after.methodDetails))} for ${playerText(person)} and refunded it${req.reason ? `: "${str(req.reason)}"` : ''}`;
    case 'fund-approve':
      return `Approved a deposit of ${money(Number(after.amount))} for ${playerText(person)}${after.utr ? ` (UTR ${str(after.utr)})` : ''}`;
    case 'fund-reject':
      return `Rejected a deposit of ${money(Number(after.amount))} for ${playerText(person)}${req.reason ? `: "${str(req.reason)}"` : ''}`;
    case 'wallet-adjust': {
      // Four eyes (issue 19): one owner asks (202), a second applies it on the Money screen.
      if (e.path.includes('/wallet-adjustments/')) {
        const adj = Object.keys(after).length ? after : before;
        const credit = adj.type !== 'debit';
        return `Applied the ${credit ? 'credit' : 'debit'} of ${money(Number(adj.amount ?? 0))} ${credit ? 'to' : 'from'} ${playerText(obj(adj.user))}${adj.requestedBy ? ` asked by ${str(adj.requestedBy)}` : ''}`;
      }
      const player = Object.keys(after).length ? after : before;
      const debit = req.type === 'debit';
      const verb =
        e.status === 202 ? (debit ? 'Asked to debit' : 'Asked to credit') : debit ? 'Debited' : 'Credited';
      return `${verb} ${money(Number(req.amount))} ${debit ? 'from' : 'to'} ${playerText(player)}${req.description ? `: "${str(req.description)}"` : ''}`;
    }
    case 'player-change': {
      const player = Object.keys(before).length ? before : after;
      const parts: string[] = [];
      if (req.isBlocked === true) parts.push('Blocked');
      if (req.isBlocked === false) parts.push('Unblocked');
      if (req.globel_batting === false) parts.push('Turned betting off for');
      if (req.globel_batting === true) parts.push('Turned betting on for');
      return `${parts.join(' and ') || 'Changed'} ${playerText(player)}`;
    }
    case 'result-declare': {
      const result = obj(after.result);
      const settlement = obj(after.settlement);
      const number = str(req.panna ?? req.jodi);
      const session = req.session ? ` (${str(req.session)})` : '';
      // The result feed's sources agreed (issue 46): no operator asked for it.
      const feed = after.declaredBy === 'feed' ? `, declared by feed (${feedSources(after)})` : '';
      return `Declared ${number} for ${str(result.gameName) || 'a market'}${session} on ${str(req.resultDate)}: ${str(settlement.winners || 0)} winners, ${money(Number(settlement.totalWinAmount ?? 0))} paid${feed}`;
    }
    case 'result-source-change':
    case 'chart-history':
      return feedSentence(e, req, before, after);
    case 'result-revert':
      return `Reverted a ${e.path.split('/').at(-2) ?? ''} result${req.reason ? `: "${str(req.reason)}"` : ''}`;
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
      return `Exported ${what} of ${str(req.from)} to ${str(req.to)} (CSV)`;
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
    case 'statement-upload':
      return after.duplicate === true
        ? `Uploaded the ${str(after.bank)} bank statement of ${dayText(str(after.from))} to ${dayText(str(after.to))} again (nothing changed)`
        : `Uploaded the ${str(after.bank)} bank statement of ${dayText(str(after.from))} to ${dayText(str(after.to))}: ${Number(after.rows)} lines, ${Number(after.opened ?? 0)} new ${Number(after.opened) === 1 ? 'exception' : 'exceptions'}`;
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

const SKIP = new Set(['_id', 'id', 'createdAt', 'updatedAt', 'user', 'desk']);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function shown(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'string' && ISO.test(v)) return whenText(v);
  if (typeof v === 'object') return JSON.stringify(v).slice(0, 60);
  return String(v);
}

/**
 * The fields that changed between before and after (top level, at most `max`), as
 * [field, before, after] text. Nothing when either side is missing.
 * @example shortDiff({status: 'pending', amount: 120}, {status: 'approved', amount: 120}) // [['status', 'pending', 'approved']]
 */
export function shortDiff(before: unknown, after: unknown, max = 6): Array<[string, string, string]> {
  const a = obj(before);
  const b = obj(after);
  if (!Object.keys(a).length || !Object.keys(b).length) return [];
  const out: Array<[string, string, string]> = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SKIP.has(key)) continue;
    const x = shown(a[key]);
    const y = shown(b[key]);
    if (x !== y) out.push([key, x, y]);
    if (out.length >= max) break;
  }
  // The player's balance beside a money request (services/money/desk.ts) is worth its own line.
  const balance = (v: Obj) => obj(v.desk).balance;
  if (balance(a) !== undefined && balance(a) !== balance(b) && out.length < max) {
    out.push(['balance', money(Number(balance(a))), money(Number(balance(b)))]);
  }
  return out;
}
