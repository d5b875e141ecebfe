import { findStatement, listStatements } from '../../db/repositories/bank-statements';
import type { Queryable } from '../../db/types';
import { notFound } from '../errors';
import { presentStatement } from './upload';

export async function bankStatements(q: Queryable, limit: number, offset: number) {
  const { rows, total } = await listStatements(q, limit, offset);
  return { rows: rows.map(presentStatement), total };
}

export async function bankStatement(q: Queryable, id: string) {
  const s = await findStatement(q, id);
  if (!s) throw notFound('Statement');
  return presentStatement(s);
}
