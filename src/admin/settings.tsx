import { useState } from 'react';
import { messageOf, send } from './api';
import { useMe } from './me';
import { useRead } from './read';
import type { SmsOutboxItem } from './types';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { Table } from './ui/table';
import { phoneText, whenText } from './words';

/** What each stored setting means, as the form labels it (the API keeps its own names). */
export const SETTING_LABELS: Record<string, string> = {
  isActive: 'App in maintenance (players cannot play)',
  title: 'Maintenance title',
  message: 'Maintenance message shown to players',
  completiondatetime: 'Back at (date and time)',
  min_bidamount: 'Smallest bid (points)',
  max_bidamount: 'Largest bid (points)',
  whatsappnumber: 'WhatsApp number',
  telegram: 'Telegram handle or link',
  weblink: 'Website',
  mobilenumber: 'Phone number for players',
  email: 'Support email',
  additionalLink: 'Other link',
  applink: 'App download link',
};
const labelOf = (key: string) => SETTING_LABELS[key] ?? key;

/** One settings document edited field by field: strings as text, numbers as numbers, flags as boxes. */
function SettingForm({ title, read, write }: { title: string; read: string; write: string }) {
  const [version, setVersion] = useState(0);
  const current = useRead<Record<string, unknown>>(read, undefined, String(version));
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fields = Object.entries(current.data ?? {}).filter(([k]) => !k.startsWith('_') && k !== 'updatedAt');
  return (
    <form
      className="card"
      aria-label={title}
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await send('put', write, edits);
          setNote(`${title} saved`);
          setEdits({});
          setVersion((v) => v + 1);
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <h2>{title}</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <Status loading={current.loading} error={current.error} />
      <div className="row-form">
        {fields.map(([key, value]) => {
          const shown = key in edits ? edits[key] : value;
          if (typeof value === 'boolean') {
            return (
              <label key={key} className="check">
                <input
                  type="checkbox"
                  checked={shown === true}
                  onChange={(e) => setEdits({ ...edits, [key]: e.target.checked })}
                />
                {labelOf(key)}
              </label>
            );
          }
          return (
            <label key={key}>
              {labelOf(key)}
              <input
                value={String(shown ?? '')}
                inputMode={typeof value === 'number' ? 'numeric' : undefined}
                onChange={(e) =>
                  setEdits({
                    ...edits,
                    [key]: typeof value === 'number' ? Number(e.target.value) : e.target.value,
                  })
                }
              />
            </label>
          );
        })}
      </div>
      <button type="submit" disabled={Object.keys(edits).length === 0}>
        Save {title.toLowerCase()}
      </button>
    </form>
  );
}

/** Settings (owners only; the server refuses staff). */
export function SettingsPage() {
  const me = useMe();
  if (me?.role !== 'owner') return <p className="muted">Settings are changed by owners.</p>;
  return (
    <section>
      <h1>Settings</h1>
      <SettingForm title="Maintenance" read="status" write="admin/maintenance" />
      <SettingForm title="Bid limits" read="admin/required-update" write="admin/required-update" />
      <SettingForm title="Contact" read="admin/contact" write="admin/contact" />
      <SettingForm title="App link" read="admin/app-link" write="admin/app-link" />
    </section>
  );
}

type Sms = SmsOutboxItem;

/** Why a message was sent, in words. */
const PURPOSES: Record<string, string> = {
  login: 'Login code',
  registration: 'Sign-up code',
  password: 'Password reset code',
};

/** The SMS outbox (the outbox provider keeps every message; a player's OTP when they call support). */
export function SmsPage() {
  const [phone, setPhone] = useState('');
  const [query, setQuery] = useState('');
  const list = useRead<Sms[]>('admin/sms-outbox', query ? { phone: query, limit: '50' } : { limit: '50' });
  return (
    <section>
      <h1>SMS outbox</h1>
      <p className="muted">
        Owners only. Every reading is kept in the audit log. A login code lets whoever reads it sign in as the
        player: codes are shown outside production only, and masked in production.
      </p>
      <form
        className="row-form"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(phone.trim());
        }}
      >
        <Field label="Phone">
          <input value={phone} inputMode="numeric" onChange={(e) => setPhone(e.target.value)} />
        </Field>
        <button type="submit">Show</button>
      </form>
      <Status loading={list.loading} error={list.error} />
      <Table<Sms>
        label="SMS outbox"
        rows={list.data}
        rowKey={(m) => m._id}
        empty={query ? `No messages to ${phoneText(query)}.` : 'No messages sent yet.'}
        headsWhenEmpty
        stack="compact"
        columns={[
          { title: 'Phone', role: 'title', cell: (m) => phoneText(m.phone) },
          { title: 'When', place: 'end', bare: true, cell: (m) => whenText(m.createdAt) },
          {
            title: 'Purpose',
            place: 'whole',
            bare: true,
            cell: (m) => (m.purpose ? (PURPOSES[m.purpose] ?? m.purpose) : 'Message'),
          },
          { title: 'Text', place: 'whole', bare: true, cell: (m) => <span className="wrap">{m.text}</span> },
        ]}
      />
    </section>
  );
}
