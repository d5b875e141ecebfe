import type { AuditEntry } from '../contracts/operators';
import { obj, str } from './audit-money';

// The audit log's sentences about operators (audit-words.ts): asking to add one, raise one to
// owner, switch one back on or reset a password or second factor (each waits for a second owner,
// issue 34), the approval or refusal of that, and what an owner does at once.

type Obj = Record<string, unknown>;

/** What a waiting change does, as the approval or refusal names it: "adding staff operator cashier1". */
function changeDoing(kind: string, name: string, role: string): string {
  switch (kind) {
    case 'create':
      return `adding ${role || 'an'} operator ${name}`;
    case 'make-owner':
      return `making ${name} an owner`;
    case 'reactivate':
      return `switching ${name} back on`;
    case 'reset-password':
      return `a new password for ${name}`;
    case 'reset-2fa':
      return `turning two-factor sign-in off for ${name}`;
    default:
      return `the change of operator ${name}`;
  }
}

/**
 * An operator change: asked for (202, waits for a second owner), approved, refused or done at once.
 * @example operatorSentence(post, {username: 'cashier1', role: 'staff'}, {}, {}) // 'Asked to add staff operator cashier1 (waits for a second owner)'
 */
export function operatorSentence(e: AuditEntry, req: Obj, before: Obj, after: Obj): string {
  const name = str(before.username ?? after.username ?? req.username);
  const waits = e.status === 202 ? ' (waits for a second owner)' : '';
  if (e.route.endsWith('/approve') || e.route.endsWith('/reject')) {
    const doing = changeDoing(str(obj(before.waiting).kind), name, str(before.role));
    return `${e.route.endsWith('/approve') ? 'Approved' : 'Refused'} ${doing}`;
  }
  if (e.route.endsWith('/password')) return `Asked for a new password for ${name}${waits}`;
  if (e.method === 'POST') return `Asked to add ${str(req.role) || 'owner'} operator ${name}${waits}`;
  if (req.role === 'owner') return `Asked to make ${name} an owner${waits}`;
  if (req.role === 'staff') return `Made ${name} staff`;
  if (req.isActive === true) return `Asked to switch ${name} back on${waits}`;
  if (req.isActive === false) return `Switched ${name} off (their sessions ended)`;
  if (req.twoFactor === false) return `Asked to turn two-factor sign-in off for ${name}${waits}`;
  return `Changed operator ${name}`;
}
