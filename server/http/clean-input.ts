import { badRequest } from '../services/errors';

/**
 * Text no field of the API accepts, whatever its schema: C0 control characters other than tab,
 * line feed and carriage return, DEL, and lone UTF-16 surrogates (not text at all). A NUL reaching
 * PostgreSQL is an error (22021) rather than data, and the others are only ever hostile.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const CONTROL_CHARACTERS = 'Control characters are not allowed';
export const NESTED_TOO_DEEPLY = 'The request body is nested too deeply';

/** A JSON body deeper than this is refused before any schema sees it (no request needs 3 levels). */
const MAX_DEPTH = 32;

function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

export function isCleanText(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return false;
  return !LONE_SURROGATE.test(s);
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

function scrub(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += isControl(s.charCodeAt(i)) ? '\uFFFD' : s.charAt(i);
  return out.replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * A copy of a parsed value that any store takes: what isCleanText refuses (control characters,
 * lone surrogates) becomes U+FFFD in every string and key, and anything nested deeper than the
 * body limit (MAX_DEPTH) becomes the text '[nested too deeply]'. For records of refused input (the
 * audit log keeps what an operator sent, even when it was hostile; jsonb takes neither NUL nor a
 * lone surrogate, nor thousands of levels).
 */
export function storable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      storable(k) as string,
      storable(v, depth + 1),
    ]),
  );
}

/**
 * Checks every string and object key of a parsed body (iteratively: a hostile body may nest
 * thousands of levels) and every query value, answering 400 with the field's path.
 * @example assertCleanInput({name: 'a\u0000b'}, 'body') // throws 400 {errors: {name: 'Control characters are not allowed'}}
 */
export function assertCleanInput(value: unknown, root: 'body' | 'query' | 'path'): void {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop() as { v: unknown; path: string; depth: number };
    if (depth > MAX_DEPTH) throw badRequest(NESTED_TOO_DEEPLY, { [root]: NESTED_TOO_DEEPLY });
    if (typeof v === 'string') {
      if (!isCleanText(v)) throw badRequest(CONTROL_CHARACTERS, { [path || root]: CONTROL_CHARACTERS });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        stack.push({ v: item, path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
      });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (!isCleanText(k)) throw badRequest(CONTROL_CHARACTERS, { [at]: CONTROL_CHARACTERS });
        stack.push({ v: item, path: at, depth: depth + 1 });
      }
    }
  }
}
