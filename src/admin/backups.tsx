import { useState } from 'react';
import { messageOf, send } from './api';
import { readFile, saveBlob, useRead } from './read';
import type { Backup, BackupRun, BackupSchedule } from './types';
import { ErrorLine, Notice, Status } from './ui/status';
import { Table } from './ui/table';
import { hoursText, whenText } from './words';

/** 1536000 -> "1.5 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** The last scheduled attempt in words, with its tone. */
export function runText(run: BackupRun | null): { text: string; tone: 'ok' | 'bad' | 'muted' } {
  if (!run) return { text: 'No scheduled backup has run yet.', tone: 'muted' };
  if (run.status === 'running') return { text: `Running since ${whenText(run.startedAt)}.`, tone: 'muted' };
  if (run.status === 'failed')
    return { text: `Failed ${whenText(run.startedAt)}: ${run.error ?? 'no reason recorded'}`, tone: 'bad' };
  return { text: `Written ${whenText(run.startedAt)}: ${run.file}`, tone: 'ok' };
}

/**
 * Download (issue 45): the file read with the owner's token, then saved by the browser (a phone's
 * to its Downloads). The server audits each download.
 */
function DownloadButton({
  backup,
  onDone,
}: {
  backup: Backup;
  onDone: (note: string | null, error: string | null) => void;
}) {
  const [bytes, setBytes] = useState<number | null>(null);
  const download = async () => {
    setBytes(0);
    onDone(null, null);
    try {
      const blob = await readFile(`admin/backups/${encodeURIComponent(backup.file)}`, {}, setBytes);
      saveBlob(blob, backup.file);
      onDone(`Saved ${backup.file} (${sizeText(blob.size)}). Keep it on another machine.`, null);
    } catch (err) {
      onDone(null, messageOf(err, 'The download failed. Please try again.'));
    } finally {
      setBytes(null);
    }
  };
  return (
    <button type="button" className="download" disabled={bytes !== null} onClick={() => void download()}>
      {bytes === null ? 'Download' : `Downloading ${sizeText(bytes)} of ${sizeText(backup.bytes)}…`}
    </button>
  );
}

/** Backups (owners): the schedule and its last result, "Back up now", and the files to download. */
export function BackupsPage() {
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useRead<Backup[]>('admin/backups', undefined, String(version));
  const schedule = useRead<BackupSchedule>('admin/backups/schedule', undefined, String(version));
  const s = schedule.data;
  const last = runText(s?.lastScheduled ?? null);
  const backUp = async () => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const b = (await send<Backup>('post', 'admin/backups')).data;
      setNote(`Backup written: ${b.file} (${sizeText(b.bytes)})`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };
  return (
    <section>
      <h1>Backups</h1>
      <Status loading={schedule.loading} error={schedule.error} />
      {s ? (
        <div className="card">
          <p>
            <strong>Schedule: </strong>
            {s.everyHours
              ? `${hoursText(s.everyHours)}, keeping the newest ${s.keep}.`
              : 'none. Backups are written only when you press Back up now (set BACKUP_EVERY_HOURS to schedule them).'}
          </p>
          <p>
            <strong>Last scheduled backup: </strong>
            <span className={`tag ${last.tone}`}>{s.lastScheduled?.status ?? 'none'}</span> {last.text}
          </p>
          {s.overdue ? (
            <p className="error">Behind schedule: the newest backup is older than the schedule allows.</p>
          ) : null}
          <p className="muted">
            Files are written to {s.dir} on the server. Keep a copy on another machine (Download, below): a
            backup on the same disk is lost with it.
          </p>
        </div>
      ) : null}
      <p className="decide">
        <button type="button" onClick={() => void backUp()} disabled={busy || Boolean(s?.running)}>
          {busy ? 'Backing up...' : 'Back up now'}
        </button>
        {s?.running && !busy ? (
          <span className="muted">A backup is running ({whenText(s.running.startedAt)}).</span>
        ) : null}
      </p>
      <Notice text={note} />
      <ErrorLine text={error} />
      <h2>Files</h2>
      <Status loading={list.loading} error={list.error} />
      <Table<Backup>
        label="Backups"
        stack
        rows={list.data}
        rowKey={(b) => b._id}
        empty="No backups yet."
        columns={[
          { title: 'File', cell: (b) => b.file, role: 'title' },
          { title: 'Written', cell: (b) => whenText(b.createdAt) },
          { title: 'How', cell: (b) => (b.trigger === 'scheduled' ? 'Scheduled' : 'By hand') },
          { title: 'Size', cell: (b) => sizeText(b.bytes) },
          {
            title: 'Where',
            cell: (b) =>
              b.present ? b.host : <span className="tag muted">not in the folder ({b.host})</span>,
          },
          { title: 'sha256', cell: (b) => <code className="hash">{b.sha256}</code> },
          {
            title: 'Download',
            role: 'decide',
            bare: true,
            cell: (b) =>
              b.present ? (
                <DownloadButton
                  backup={b}
                  onDone={(n, e) => {
                    setNote(n);
                    setError(e);
                  }}
                />
              ) : (
                <span className="muted">On {b.host}</span>
              ),
          },
        ]}
      />
    </section>
  );
}
