import {
  BankStatementSchema,
  ExceptionsQuerySchema,
  ReconciliationExceptionSchema,
  ResolveExceptionSchema,
  STATEMENT_CSV_TYPES,
  STATEMENT_XLSX_TYPE,
  StatementUploadSchema,
} from '../../src/contracts/bank-statements';
import { UUID_RE } from '../../src/contracts/common';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { bankStatement, bankStatements } from '../services/bank-statements/read';
import { uploadStatement } from '../services/bank-statements/upload';
import { notFound } from '../services/errors';
import {
  reconciliationException,
  reconciliationExceptions,
  resolveReconciliationException,
} from '../services/reconciliation/exceptions';

/**
 * Bank statements and the exceptions of their reconciliation with the credited UPI deposits
 * (docs/api.md "Bank statements: every automatic credit checked against the bank").
 */
export function bankStatementRoutes() {
  const r = createRouter('/api/v1', 'Funds');
  r.post(
    '/admin/bank-statements',
    {
      summary: "Upload a bank's statement (CSV or .xlsx as its net banking exports it) and reconcile it",
      auth: 'owner',
      upload: [...STATEMENT_CSV_TYPES, STATEMENT_XLSX_TYPE],
      response: StatementUploadSchema,
    },
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const answer = await uploadStatement(c.get('deps'), {
        bytes,
        contentType: c.req.header('content-type') ?? '',
        adminId: admin(c).adminId,
      });
      const message = answer.data.duplicate ? 'This statement was uploaded before' : 'Statement uploaded';
      return ok(c, answer.data, message, answer.status);
    },
  );
  r.get(
    '/admin/bank-statements',
    {
      summary: 'Uploaded bank statements, newest first',
      auth: 'admin',
      paged: true,
      response: BankStatementSchema,
    },
    async (c, { page }) => {
      const { rows, total } = await bankStatements(c.get('deps').db, page.limit, page.offset);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/admin/bank-statements/:id',
    { summary: 'One uploaded bank statement', auth: 'admin', response: BankStatementSchema },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Statement');
      return ok(c, await bankStatement(c.get('deps').db, params.id as string));
    },
  );
  r.get(
    '/admin/reconciliation/exceptions',
    {
      summary: 'What the bank statements and the credited UPI deposits disagree on (open or resolved)',
      auth: 'admin',
      paged: true,
      query: ExceptionsQuerySchema,
      response: ReconciliationExceptionSchema,
    },
    async (c, { page, query }) => {
      const { rows, total } = await reconciliationExceptions(
        c.get('deps').db,
        query.status,
        page.limit,
        page.offset,
      );
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/admin/reconciliation/exceptions/:id',
    { summary: 'One reconciliation exception', auth: 'admin', response: ReconciliationExceptionSchema },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Exception');
      return ok(c, await reconciliationException(c.get('deps').db, params.id as string));
    },
  );
  r.post(
    '/admin/reconciliation/exceptions/:id/resolve',
    {
      summary: 'Close a reconciliation exception with what the owner found (audited)',
      auth: 'owner',
      body: ResolveExceptionSchema,
      response: ReconciliationExceptionSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Exception');
      const { db, clock } = c.get('deps');
      const now = await clock.now();
      const e = await resolveReconciliationException(
        db,
        params.id as string,
        admin(c).adminId,
        body.note,
        now,
      );
      return ok(c, e, 'Exception resolved');
    },
  );
  return r;
}
