import { useState } from 'react';
import { useRead } from './read';
import { ConfirmButton } from './ui/confirm';
import { Field as Labelled } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { useWrite } from './write';

// The content the player app shows, written by operators: notices, home banners (with a caption
// per picture) and how-to-play videos in English, Hindi and Marathi (English is required and
// shows wherever a language is left empty), and the footer links and app logos.

type Field = {
  key: string;
  label: string;
  /** A textarea (line breaks kept). */
  long?: boolean;
  required?: boolean;
  max: number;
  hint?: string;
};

type Kind = {
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

const KINDS: Kind[] = [
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

const LANGS = [
  ['hi', 'Hindi (हिन्दी)'],
  ['mr', 'Marathi (मराठी)'],
] as const;
type Lang = (typeof LANGS)[number][0];

type Texts = Partial<Record<Lang, Record<string, string>>>;
type Item = { _id: string; texts?: Texts } & Record<string, unknown>;
/** A form's values: the English fields, and each language's translated fields. */
type Draft = { en: Record<string, string> } & Record<Lang, Record<string, string>>;

const blank = (): Draft => ({ en: {}, hi: {}, mr: {} });
const draftOf = (item: Item): Draft => ({
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
function bodyOf(kind: Kind, d: Draft): Record<string, unknown> {
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

function Input(props: { field: Field; value: string; onChange: (v: string) => void; label: string }) {
  const { field } = props;
  return (
    <Labelled label={props.label}>
      {field.long ? (
        <textarea
          rows={4}
          maxLength={field.max}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      ) : (
        <input
          value={props.value}
          maxLength={field.max}
          placeholder={field.hint}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Labelled>
  );
}

/** The English fields, then a fieldset per language for the translated ones (left empty: English). */
function ContentForm(props: {
  kind: Kind;
  name: string;
  initial: Draft;
  submit: string;
  onSubmit: (body: Record<string, unknown>) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { kind } = props;
  const [d, setD] = useState<Draft>(props.initial);
  const set = (lang: 'en' | Lang, key: string, v: string) => setD({ ...d, [lang]: { ...d[lang], [key]: v } });
  const translated = kind.fields.filter((f) => kind.translated?.includes(f.key));
  return (
    <form
      className="content-form"
      aria-label={props.name}
      onSubmit={async (e) => {
        e.preventDefault();
        if (await props.onSubmit(bodyOf(kind, d))) setD(props.initial);
      }}
    >
      <fieldset>
        <legend>
          {kind.translated ? 'English (required; shown where a language is left empty)' : 'Details'}
        </legend>
        {kind.fields.map((f) => (
          <Input
            key={f.key}
            field={f}
            label={f.required ? f.label : `${f.label} (optional)`}
            value={d.en[f.key] ?? ''}
            onChange={(v) => set('en', f.key, v)}
          />
        ))}
      </fieldset>
      {LANGS.map(([lang, name]) =>
        translated.length ? (
          <fieldset key={lang}>
            <legend>{name}</legend>
            {translated.map((f) => (
              <Input
                key={f.key}
                field={f}
                label={`${f.label} in ${name.split(' ')[0]}`}
                value={d[lang][f.key] ?? ''}
                onChange={(v) => set(lang, f.key, v)}
              />
            ))}
          </fieldset>
        ) : null,
      )}
      <div className="actions">
        <button type="submit">{props.submit}</button>
        {props.onCancel ? (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** What players read of an item in each language: the English where a language has none. */
function Languages({ kind, item }: { kind: Kind; item: Item }) {
  const fields = kind.translated ?? [];
  return (
    <ul className="languages" aria-label="In each language">
      {LANGS.map(([lang, name]) => {
        const own = fields.filter((f) => item.texts?.[lang]?.[f]);
        const text = own.map((f) => item.texts?.[lang]?.[f]).join(' · ');
        return (
          <li key={lang}>
            <span className="meta">{name.split(' ')[0]}:</span>{' '}
            {own.length === 0 ? (
              <span className="tag muted">English shown</span>
            ) : (
              <>
                <span lang={lang}>{text}</span>
                {own.length < fields.filter((f) => item[f]).length ? (
                  <span className="tag muted">partly English</span>
                ) : null}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ItemCard({ kind, item, w }: { kind: Kind; item: Item; w: ReturnType<typeof useWrite> }) {
  const [editing, setEditing] = useState(false);
  // Named by its first words (a banner without a caption, by its picture).
  const name =
    kind.fields
      .filter((f) => f.key !== 'imageUrl')
      .map((f) => String(item[f.key] ?? ''))
      .find((v) => v.trim() !== '') ?? String(item.imageUrl ?? item._id);
  const image = typeof item.imageUrl === 'string' ? item.imageUrl : null;
  return (
    <li className="item content-item" aria-label={`${kind.one}: ${name}`}>
      {image ? <img className="thumb" src={image} alt="" loading="lazy" /> : null}
      {kind.fields
        .filter((f) => f.key !== 'imageUrl')
        .map((f, i) =>
          i === 0 ? (
            <h3 key={f.key}>{String(item[f.key] || '(no caption)')}</h3>
          ) : (
            <p key={f.key} className={f.long ? 'preline' : 'wrap'}>
              {String(item[f.key] ?? '')}
            </p>
          ),
        )}
      {image ? <p className="meta wrap">{image}</p> : null}
      {kind.translated ? <Languages kind={kind} item={item} /> : null}
      {editing ? (
        <ContentForm
          kind={kind}
          name={`Edit ${kind.one}: ${name}`}
          initial={draftOf(item)}
          submit="Save changes"
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            const ok = await w.write(
              'put',
              `${kind.path}/${item._id}`,
              body,
              `${kind.label}: "${name}" saved`,
            );
            if (ok) setEditing(false);
            return ok;
          }}
        />
      ) : (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            danger
            ariaLabel={`Delete ${name}`}
            question={`Delete "${name}" from ${kind.label}? Players stop seeing it at once.`}
            yes="Delete"
            onConfirm={() =>
              w.write('delete', `${kind.path}/${item._id}`, undefined, `${kind.label}: "${name}" deleted`)
            }
          />
        </div>
      )}
    </li>
  );
}

function ContentKind({ kind }: { kind: Kind }) {
  const w = useWrite();
  const list = useRead<Item[]>(kind.path, undefined, w.version);
  return (
    <section className="card" aria-labelledby={`content-${kind.one}`}>
      <h2 id={`content-${kind.one}`}>{kind.label}</h2>
      <p className="muted">{kind.help}</p>
      <Notice text={w.note} />
      <ErrorLine text={w.error} />
      <Status loading={list.loading} error={list.error} />
      {list.data?.length === 0 ? (
        <p className="empty">No {kind.label.toLowerCase()} yet: players see none.</p>
      ) : null}
      <ul className="item-list" aria-label={kind.label}>
        {(list.data ?? []).map((item) => (
          <ItemCard key={item._id} kind={kind} item={item} w={w} />
        ))}
      </ul>
      <details>
        <summary>
          <strong>Add a {kind.one}</strong>
        </summary>
        <ContentForm
          kind={kind}
          name={`New ${kind.one}`}
          initial={blank()}
          submit={`Add ${kind.one}`}
          onSubmit={(body) => w.write('post', kind.path, body, `${kind.label}: added`)}
        />
      </details>
    </section>
  );
}

/**
 * Notices, home banners and how-to-play videos per language; footer links and logos. One kind at
 * a time (a phone's page stays short), picked from the row at the top.
 */
export function ContentPage() {
  const [shown, setShown] = useState<string>(KINDS[0]?.label ?? '');
  const kind = KINDS.find((k) => k.label === shown) ?? KINDS[0];
  return (
    <section>
      <h1>Content</h1>
      <p className="muted">
        Players read notices, banner captions and videos in their own language. Write English first; a Hindi
        or Marathi field left empty shows the English.
      </p>
      <nav className="choices" aria-label="Content to show">
        {KINDS.map((k) => (
          <button
            key={k.label}
            type="button"
            className={k === kind ? undefined : 'secondary'}
            aria-pressed={k === kind}
            onClick={() => setShown(k.label)}
          >
            {k.label}
          </button>
        ))}
      </nav>
      {kind ? <ContentKind key={kind.label} kind={kind} /> : null}
    </section>
  );
}
