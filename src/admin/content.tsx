import { useState } from 'react';
import { useRead } from './read';
import { ErrorLine, Notice, Status } from './ui/status';
import { useWrite } from './write';

/** The content the player app shows, by kind: where it is read, where it is written, its fields. */
const CONTENT = [
  { label: 'Notices', read: 'notices', write: 'admin/notices', fields: ['title', 'message'] },
  { label: 'Sliders', read: 'admin/all-slider', write: 'admin/sliders', fields: ['imageUrl'] },
  { label: 'Videos', read: 'videos', write: 'admin/videos', fields: ['youtubeId', 'title', 'description'] },
  { label: 'Footer links', read: 'footer-links', write: 'admin/footer-links', fields: ['title', 'url'] },
  { label: 'App logos', read: 'logo', write: 'admin/logos', fields: ['imageUrl', 'app_title'] },
] as const;

type ContentItem = { _id: string } & Record<string, unknown>;

/** How each field is labelled (the API keeps its own names). */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  message: 'Message',
  imageUrl: 'Image address (https://...)',
  youtubeId: 'YouTube video id',
  description: 'Description',
  url: 'Link address (https://...)',
  app_title: 'App name',
};

function ContentKind({ kind }: { kind: (typeof CONTENT)[number] }) {
  const { note, error, version, write } = useWrite();
  const list = useRead<ContentItem[]>(kind.read, undefined, version);
  const [draft, setDraft] = useState<Record<string, string>>({});
  return (
    <div className="card">
      <h2>{kind.label}</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form"
        aria-label={`New ${kind.label}`}
        onSubmit={(e) => {
          e.preventDefault();
          void write('post', kind.write, draft, `${kind.label}: added`).then(
            (saved: boolean) => saved && setDraft({}),
          );
        }}
      >
        {kind.fields.map((f) => (
          <label key={f}>
            {FIELD_LABELS[f] ?? f}
            <input value={draft[f] ?? ''} onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} />
          </label>
        ))}
        <button type="submit">Add</button>
      </form>
      <Status loading={list.loading} error={list.error} />
      {list.data?.length === 0 ? (
        <p className="empty">No {kind.label.toLowerCase()} yet: players see none.</p>
      ) : null}
      <table aria-label={kind.label}>
        <tbody>
          {(list.data ?? []).map((item) => (
            <tr key={item._id}>
              {kind.fields.map((f) => (
                <td key={f}>{String(item[f] ?? '')}</td>
              ))}
              <td>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Delete ${String(item[kind.fields[0]] ?? item._id)}`}
                  onClick={() => {
                    if (window.confirm(`Delete this from ${kind.label}? Players stop seeing it at once.`)) {
                      void write('delete', `${kind.write}/${item._id}`, undefined, `${kind.label}: deleted`);
                    }
                  }}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Sliders, notices, videos, footer links and logos of the player app. */
export function ContentPage() {
  return (
    <section>
      <h1>Content</h1>
      {CONTENT.map((k) => (
        <ContentKind key={k.label} kind={k} />
      ))}
    </section>
  );
}
