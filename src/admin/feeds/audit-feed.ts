import type { AuditEntry } from '../../contracts/operators';
import { countText } from '../words';

// The audit log's sentences for the result feeds and chart history (issue 46), for audit-words.ts.

type Obj = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The agreeing sources of a feed's declaration: 'A, B'. */
export function feedSources(after: Obj): string {
  return Array.isArray(after.sources) ? after.sources.map(str).join(', ') : '';
}

/**
 * A result source added, changed (its address in words: it decides what the server fetches),
 * fetched or removed; a chart imported or exported.
 * @example feedSentence(patchEntry, {url: 'https://b'}, {name: 'A', url: 'https://a'}, {name: 'A', url: 'https://b'}) // 'Changed the address of result source A from https://a to https://b'
 */
export function feedSentence(e: AuditEntry, req: Obj, before: Obj, after: Obj): string {
  const name = str(after.name ?? before.name ?? req.name);
  if (e.route.endsWith('/charts/import')) {
    // An upload's audit row holds the query and the file's size (server/http/audit.ts).
    const query = (req.query ?? {}) as Obj;
    const file = (req.file ?? {}) as Obj;
    const dry = query.dryRun !== 'false';
    const size = `${Math.max(1, Math.round(Number(file.bytes ?? 0) / 1024)).toLocaleString('en-IN')} KB`;
    return `${dry ? 'Checked' : 'Imported'} a chart file (${size})${dry ? '' : `: ${countText(Number(after.added ?? 0), 'day')} added`}`;
  }
  if (e.route.endsWith('/charts/export.csv')) return 'Downloaded a market chart (CSV)';
  if (e.route.endsWith('/fetch')) return `Fetched result source ${name || 'a source'} now`;
  if (e.method === 'POST') return `Added result source ${name} (${str(req.kind)})`;
  if (e.method === 'DELETE') return `Removed result source ${name}`;
  const parts: string[] = [];
  if (req.url !== undefined && before.url !== after.url)
    parts.push(
      `the address of result source ${name} from ${str(before.url) || 'none'} to ${str(after.url) || 'none'}`,
    );
  if (req.enabled !== undefined && before.enabled !== after.enabled)
    return `Switched result source ${name} ${after.enabled ? 'on' : 'off'}`;
  if (req.markets !== undefined) parts.push(`the markets of result source ${name}`);
  return parts.length ? `Changed ${parts.join(' and ')}` : `Changed result source ${name}`;
}
