import { useState } from 'react';
import {
  blank,
  bodyOf,
  type Draft,
  draftOf,
  type Field,
  type Item,
  KINDS,
  type Kind,
  LANGS,
  type Lang,
} from './content-kinds';
import { useRead } from './read';
import { ConfirmButton } from './ui/confirm';
import { Field as Labelled } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { useWrite } from './write';

// The content the player app shows, written by operators: notices, home banners (with a caption
// per picture), how-to-play videos and footer links in English, Hindi and Marathi (English is
// required and shows wherever a language is left empty), and the app logos.

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
 * Notices, home banners, how-to-play videos and footer links per language; logos. One kind at
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
