/** One line of `npm run doctor`: what was checked, how it stands and, unless ok, what to do. */
export type Level = 'ok' | 'warn' | 'fail';

export interface Check {
  name: string;
  level: Level;
  says: string;
  /** What the operator does about it (warn and fail). */
  fix?: string;
}

export const ok = (name: string, says: string): Check => ({ name, level: 'ok', says });
export const warn = (name: string, says: string, fix: string): Check => ({ name, level: 'warn', says, fix });
export const fail = (name: string, says: string, fix: string): Check => ({ name, level: 'fail', says, fix });

/**
 * The line printed for a check, with every secret value the environment holds replaced: whatever
 * an error message quotes (a URL with a key in it, a password in a connection string), no secret
 * reaches the terminal.
 * @example formatCheck(fail('proxy', 'no answer', 'start Caddy'), []) // 'fail  proxy: no answer. Do: start Caddy'
 */
export function formatCheck(c: Check, secrets: readonly string[]): string {
  let line = `${c.level.padEnd(4)}  ${c.name}: ${c.says.replace(/\.$/, '')}${c.fix ? `. Do: ${c.fix}` : ''}`;
  for (const s of secrets) if (s.length >= 4) line = line.split(s).join('[hidden]');
  return line.replace(/[\r\n]+/g, ' ');
}
