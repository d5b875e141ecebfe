import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from '../services/errors';
import { assertCleanInput } from './clean-input';
import { HttpError } from './errors';

/**
 * The errors map of docs/api.md from a zod error: one message per field path ('bids.0.amount'),
 * the first issue winning. The overall message is the first field's message, so a client that
 * shows only `message` still shows something useful.
 */
export function zodErrors(error: z.ZodError): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  const first = Object.values(errors)[0] ?? 'Invalid input';
  return { message: first, errors };
}

/** Reads the JSON body: malformed JSON and non-object bodies answer 400, never 500. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (type !== '' && !/\bjson\b/i.test(type)) {
    throw new HttpError(415, 'Send the body as application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body', { body: 'The request body is not valid JSON' });
  }
  assertCleanInput(value, 'body');
  return value;
}

/**
 * A file upload: its content type must be one the route takes (415 otherwise, before it is read),
 * and a text file (text/...) may hold no control characters (400). A binary file is left unread:
 * read as text first, the handler would get its bytes re-encoded from that text.
 */
export async function readUpload(c: Context, types: readonly string[]): Promise<void> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!types.includes(type)) throw new HttpError(415, `Send the file as ${types[0]}`);
  if (type.startsWith('text/')) assertCleanInput(await c.req.text(), 'body');
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const { message, errors } = zodErrors(r.error);
    throw badRequest(message, errors);
  }
  return r.data;
}
