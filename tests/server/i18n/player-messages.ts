import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every message a player can meet in an API answer, read from the source: the literal of each
 * `throw badRequest('...')`-style helper, `okMessage`/`ok` text, the message constants (`const
 * X = '...'`) and the zod messages of the player's contracts. Operator-only files are left out
 * (the console stays English).
 */
const OPERATOR_ONLY =
  /(admin|operator|backup|games\/write|ledger|settlement|payments\/pages|sms-outbox|sms\/outbox|docs|seed|cli|main|env|static|scheduler|cashfree|health|logger|clock|cluster|two-factor|totp|four-eyes|risk|audit|address-allow|desk|payout|bank-statement|reconciliation|feeds\/|result-sources|result-feed|charts|db\/)/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const CALL =
  /\b(?:(?:badRequest|unauthorized|forbidden|conflict|unprocessable|tooManyRequests|unavailable)\(|okMessage\(\s*c,|new HttpError\(\d{3},)\s*'([^']+)'/g;
const OK_MESSAGE = /\bok\(\s*c,[^;]*?,\s*'([^']+)',?\s*\)/g;
const CONSTANT = /^(?:export )?const [A-Z][A-Z0-9_]+\s*=\s*\n?\s*'([^']+)'/gm;
const NOT_FOUND = /\bnotFound\('([^']+)'\)/g;
const ZOD =
  /(?:error|message):\s*'([^']+)'|\.(?:min|max|regex|refine)\([^,()]*(?:\([^)]*\)[^,()]*)?,\s*'([^']+)'/g;
const LIMIT = /message:\s*'([^']+)'/g;

export function playerMessages(root: string): string[] {
  const found = new Set<string>();
  const server = files(join(root, 'server')).filter((f) => !OPERATOR_ONLY.test(f.slice(root.length)));
  for (const f of server) {
    const text = readFileSync(f, 'utf8');
    for (const re of [CALL, OK_MESSAGE, CONSTANT, LIMIT])
      for (const m of text.matchAll(re)) found.add(m[1] as string);
    for (const m of text.matchAll(NOT_FOUND)) found.add(`${m[1]} not found`);
  }
  for (const name of [
    'auth',
    'bids',
    'funds',
    'withdrawals',
    'phone',
    'common',
    'messages',
    'responsible-play',
    'notifications',
  ]) {
    const text = readFileSync(join(root, 'src/contracts', `${name}.ts`), 'utf8');
    for (const m of text.matchAll(ZOD)) found.add((m[1] ?? m[2]) as string);
    for (const m of text.matchAll(CONSTANT)) found.add(m[1] as string);
  }
  // Not messages: identifiers, URLs and internal names caught by the constant pattern.
  return [...found].filter((s) => /\s/.test(s) && !/^https?:|\$\{/.test(s)).sort();
}
