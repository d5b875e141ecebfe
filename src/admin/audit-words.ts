import { AUDIT_ACTIONS, type AuditAction } from '../contracts/audit-actions';
import type { AuditEntry } from '../contracts/operators';
import { flagTitle, money, payeeText, playerText, whenText } from './words';

// The audit log read like a ledger of who did what to whom: one sentence per entry, built from
// the entry's request and the resource before and after, and a short before/after diff.

export type { AuditEntry };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** What the operator did, in words, when the write succeeded. */
function didWhat(e: AuditEntry): string {
  const req = obj(e.request);
  const before = obj(e.before);
  const after = obj(e.after);
  const person = obj(after.user ?? before.user);
  switch (e.action as AuditAction | null) {
    case 'withdrawal-approve':
      return `Approved ${money(Number(after.amount))} to ${payeeText(str(after.method), obj(after.methodDetails))} for ${playerText(person)}`;
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
      return `Declared ${number} for ${str(result.gameName) || 'a market'}${session} on ${str(req.resultDate)}: ${str(settlement.winners || 0)} winners, ${money(Number(settlement.totalWinAmount ?? 0))} paid`;
    }
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
    case 'operator-change':
      return e.method === 'POST'
        ? `Created operator ${str(req.username)} (${str(req.role) || 'owner'})`
        : `Changed operator ${str(before.username ?? after.username)}`;
    case 'data-export': {
      const what = e.path.replace(/^.*\/exports\//, '').replace(/\.csv$/, '');
      return `Exported ${what} of ${str(req.from)} to ${str(req.to)} (CSV)`;
    }
    case 'market-change': {
      const name = str(req.gameName ?? before.gameName ?? after.gameName);
      const verb = e.method === 'POST' ? 'Created' : e.method === 'DELETE' ? 'Deleted' : 'Changed';
      return `${verb} market ${name}`.trim();
    }
    default: {
      const label = e.action ? AUDIT_ACTIONS[e.action as AuditAction]?.label : null;
      return label ?? `${e.method} ${e.path.replace('/api/v1', '')}`;
    }
  }
}

/**
 * One sentence for an audit entry; a refused write says so with its status.
 * @example auditSentence(approveEntry) // 'Approved ₹120 to PhonePe 93021 01538 for Ravi (98765 43210)'
 */
export function auditSentence(e: AuditEntry): string {
  if (e.status >= 400) {
    const label = e.action ? AUDIT_ACTIONS[e.action as AuditAction]?.label : null;
    return `Refused (${e.status}): ${label ?? `${e.method} ${e.path.replace('/api/v1', '')}`}`;
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
  // The player's balance beside a money request (services/desk.ts) is worth its own line.
  const balance = (v: Obj) => obj(v.desk).balance;
  if (balance(a) !== undefined && balance(a) !== balance(b) && out.length < max) {
    out.push(['balance', money(Number(balance(a))), money(Number(balance(b)))]);
  }
  return out;
}
