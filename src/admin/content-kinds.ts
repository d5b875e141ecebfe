// What each kind of console content is (its fields, which of them are translated), and how a
// form's values become the body it writes (content.tsx draws the forms and cards).

export type Field = {
  key: string;
  label: string;
  /** A textarea (line breaks kept). */
  long?: boolean;
  required?: boolean;
  max: number;
  hint?: string;
};

export type Kind = {
  label: string;
  /** One item, for the buttons: "Add a notice". */
  one: string;
  /** GET (the operators' list) and POST here; PUT and DELETE at `${path}/{id}`. */
  path: string;
  fields: Field[];
  /** The fields also written in Hindi and Marathi. */
  translated?: string[];
  help: string;
};

export const KINDS: Kind[] = [
  {
    label: 'Notices',
    one: 'notice',
    path: 'admin/notices',
    fields: [
      { key: 'title', label: 'Title', required: true, max: 200 },
      { key: 'message', label: 'Message', long: true, required: true, max: 5000 },
    ],
    translated: ['title', 'message'],
    help: 'On the Notices screen, newest first.',
  },
  {
    label: 'Home banners',
    one: 'banner',
    path: 'admin/sliders',
    fields: [
      { key: 'imageUrl', label: 'Picture address', required: true, max: 1000, hint: 'https://... or /path' },
      { key: 'caption', label: 'Caption under this picture', max: 200 },
    ],
    translated: ['caption'],
    help: 'The pictures that turn on the home screen, each with its own caption (none if left empty).',
  },
  {
    label: 'How-to-play videos',
    one: 'video',
    path: 'admin/videos',
    fields: [
      { key: 'youtubeId', label: 'YouTube link or video id', required: true, max: 200 },
      { key: 'title', label: 'Title', required: true, max: 200 },
      { key: 'description', label: 'Description', long: true, max: 2000 },
    ],
    translated: ['title', 'description'],
    help: 'On the How to Play screen.',
  },
  {
    label: 'Footer links',
    one: 'link',
    path: 'admin/footer-links',
    fields: [
      { key: 'title', label: 'Title', required: true, max: 200 },
      { key: 'url', label: 'Link address', required: true, max: 1000, hint: 'https://...' },
    ],
    translated: ['title'],
    help: 'Links such as the privacy policy.',
  },
  {
    label: 'App logos',
    one: 'logo',
    path: 'admin/logos',
    fields: [
      { key: 'imageUrl', label: 'Picture address', required: true, max: 1000, hint: 'https://... or /path' },
      { key: 'app_title', label: 'App name', required: true, max: 200 },
    ],
    help: 'On the App Setting screen.',
  },
];

export const LANGS = [
  ['hi', 'Hindi (हिन्दी)'],
  ['mr', 'Marathi (मराठी)'],
] as const;
export type Lang = (typeof LANGS)[number][0];

export type Texts = Partial<Record<Lang, Record<string, string>>>;
export type Item = { _id: string; texts?: Texts } & Record<string, unknown>;
/** A form's values: the English fields, and each language's translated fields. */
export type Draft = { en: Record<string, string> } & Record<Lang, Record<string, string>>;

export const blank = (): Draft => ({ en: {}, hi: {}, mr: {} });
export const draftOf = (item: Item): Draft => ({
  en: Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'string' ? v : ''])),
  hi: { ...(item.texts?.hi ?? {}) },
  mr: { ...(item.texts?.mr ?? {}) },
});

/**
 * A YouTube link as the video id the app embeds.
 * @example youtubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQ') // 'aqz-KE-bpKQ'
 */
export function youtubeId(input: string): string {
  const s = input.trim();
  return /(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/)([\w-]{6,20})/.exec(s)?.[1] ?? s;
}

/** The body a form writes: the English fields (trimmed) and, for a translated kind, every language. */
export function bodyOf(kind: Kind, d: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of kind.fields) {
    const v = (d.en[f.key] ?? '').trim();
    if (v !== '' || f.required || kind.translated?.includes(f.key))
      body[f.key] = f.key === 'youtubeId' ? youtubeId(v) : v;
  }
  if (kind.translated) {
    body.texts = Object.fromEntries(
      LANGS.map(([lang]) => [
        lang,
        Object.fromEntries((kind.translated ?? []).map((k) => [k, (d[lang][k] ?? '').trim()])),
      ]),
    );
  }
  return body;
}
