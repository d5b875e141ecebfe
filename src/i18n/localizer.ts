import { fill, languageChunkHooks, type Params } from './core';

type Pattern = { re: RegExp; area: string; key: string; names: string[] };

let patterns: Pattern[] = [];
let builtFrom = -1;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern per English text; `{name}` slots match any text (rebuilt when a table is added). */
function build(english: ReadonlyMap<string, Readonly<Record<string, string>>>): Pattern[] {
  const out: Pattern[] = [];
  for (const [area, table] of english) {
    for (const [key, en] of Object.entries(table)) {
      const names: string[] = [];
      const source = en
        .split(/(\{\w+\})/)
        .map((part) => {
          const m = /^\{(\w+)\}$/.exec(part);
          if (!m) return escapeRe(part);
          names.push(m[1] as string);
          return '(.+?)';
        })
        .join('');
      out.push({ re: new RegExp(`^${source}$`), area, key, names });
    }
  }
  return out;
}

/** English text -> the chosen language, through the tables' own keys (see core.ts `localize`). */
function localizeText(text: string): string {
  const { english, chosen } = languageChunkHooks();
  if (!chosen) return text;
  let size = 0;
  for (const t of english.values()) size += Object.keys(t).length;
  if (size !== builtFrom) {
    patterns = build(english);
    builtFrom = size;
  }
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const translated = chosen[p.area]?.[p.key];
    if (!translated) return text;
    const params: Params = {};
    p.names.forEach((name, i) => {
      params[name] = m[i + 1] as string;
    });
    return fill(translated, params);
  }
  return text;
}

languageChunkHooks(localizeText);
