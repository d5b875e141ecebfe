import { AUDIT_ACTION_NAMES } from './audit-actions';
import { DateSchema, InstantSchema } from './common';
import { z } from './zod';

/** Operator roles (issue 12): owners run everything; staff no settings, adjustments or operators. */
export const OperatorRoleSchema = z.enum(['owner', 'staff'], { error: "role must be 'owner' or 'staff'" });
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

/** The kinds of operator change that wait for a second owner (nobody alone). */
export const OperatorChangeKindSchema = z.enum([
  'create',
  'make-owner',
  'reactivate',
  'reset-password',
  'reset-2fa',
]);

/** A change of an operator waiting for a second owner: who asked, who approved so far. */
export const WaitingChangeSchema = z.object({
  _id: z.string(),
  operatorId: z.string(),
  kind: OperatorChangeKindSchema,
  requestedBy: z.string(),
  requestedAt: InstantSchema,
  approvals: z.array(z.object({ adminId: z.string(), username: z.string(), at: InstantSchema })),
});

export const OperatorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  role: OperatorRoleSchema,
  isActive: z.boolean(),
  /** Two-factor sign-in is in force. */
  twoFactor: z.boolean(),
  createdAt: InstantSchema,
  /** The change waiting for a second owner (GET /admin/operators only). */
  waiting: WaitingChangeSchema.nullable().optional(),
});

/** A request that waits for a second owner: `_id` is the operator's id. */
export const OperatorRequestedSchema = z.object({ _id: z.string(), approvals: z.number().int() });
export type Operator = z.infer<typeof OperatorSchema>;

/** GET /admin/me: who this token belongs to (the console shows and hides by role). */
export const OperatorMeSchema = z.object({
  _id: z.string(),
  username: z.string(),
  role: OperatorRoleSchema,
  twoFactor: z.boolean(),
  /** ADMIN_REQUIRE_2FA is on and this operator has no second factor: only setup is reachable. */
  mustSetUpTwoFactor: z.boolean(),
});

export const OperatorCreateSchema = z
  .object({
    username: z
      .string({ error: 'Username is required' })
      .trim()
      .min(3, 'Username must be 3 to 64 characters')
      .max(64, 'Username must be 3 to 64 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore'),
    password: z
      .string({ error: 'Password is required' })
      .min(8, 'Password must be at least 8 characters')
      .max(200, 'Password is too long'),
    role: OperatorRoleSchema,
  })
  .strict();

export const OperatorPatchSchema = z
  .object({
    role: OperatorRoleSchema.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    /** Owners turn another operator's two-factor sign-in off (a lost phone); never on. */
    twoFactor: z.literal(false, { error: 'twoFactor can only be turned off here' }).optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.isActive !== undefined || v.twoFactor !== undefined, {
    message: 'Send role, isActive or twoFactor',
  });

/** One operator write as the audit log keeps it (migration 005). */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: InstantSchema,
  adminId: z.string().nullable(),
  username: z.string(),
  role: z.string(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  status: z.number().int(),
  request: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  clientAddress: z.string(),
  requestId: z.string(),
  /** The named action (contracts/audit-actions.ts), null for a route the catalogue leaves out. */
  action: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  adminId: z.string().uuid('adminId must be an operator id').optional(),
  route: z.string().trim().max(200, 'route is too long').optional(),
  method: z
    .enum(['POST', 'PUT', 'PATCH', 'DELETE'], { error: 'method must be POST, PUT, PATCH or DELETE' })
    .optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  /** One of AUDIT_ACTIONS (contracts/audit-actions.ts): the routes of that action. */
  action: z.enum(AUDIT_ACTION_NAMES, { error: 'action is not one the audit log knows' }).optional(),
  /** sign-ins: operator sign-ins only (right or wrong); actions: every row but the sign-ins. */
  kind: z.enum(['sign-ins', 'actions'], { error: 'kind must be sign-ins or actions' }).optional(),
  /** The operator's username (any case). */
  operator: z.string().trim().min(1).max(64, 'operator is too long').optional(),
  /** A player, by phone (10 digits) or id: the writes about them. */
  player: z
    .string()
    .trim()
    .regex(
      /^(\d{10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
      'player must be a phone number or a player id',
    )
    .optional(),
});

/** A decision that takes money back or refuses it (reject, revert): the reason is required. */
export const DecisionReasonSchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(500, 'Keep the reason under 500 characters'),
});

/** An approval may carry a note for the audit log. */
export const DecisionNoteSchema = z.object({
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(500, 'Keep the note under 500 characters')
    .optional(),
});

/** GET /admin/sessions: one of an operator's live sessions (docs/api.md "Operator accounts"). */
export const OperatorSessionSchema = z.object({
  _id: z.string(),
  createdAt: InstantSchema,
  lastUsedAt: InstantSchema.nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

/** POST /admin/password: a new password ends every other session of the operator. */
export const OperatorPasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
});

/** POST /admin/operators/{id}/password: another operator's new password (a second owner approves). */
export const OperatorResetPasswordSchema = OperatorPasswordSchema.pick({ newPassword: true }).strict();
