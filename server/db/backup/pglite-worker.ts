/**
 * A PGlite database opened in a worker thread, asked from here: the copy a backup reads is opened
 * apart from the server's own PGlite, so its recovery and its COPYs run on another thread (the
 * server keeps answering) and its WebAssembly heap goes away with the thread.
 */
import { Worker } from 'node:worker_threads';
import type { Queryable, QueryResult } from '../types';

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const loadDataDir = workerData.tar ? new Blob([workerData.tar]) : undefined;
  const db = await PGlite.create({ dataDir: workerData.dataDir, loadDataDir, postgresqlconf: workerData.conf });
  parentPort.on('message', async (m) => {
    if (m.close) {
      await db.close();
      parentPort.postMessage({ id: m.id, closed: true });
      return;
    }
    try {
      const r = await db.query(m.sql, m.params ?? []);
      if (m.copy) {
        const buf = r.blob ? await r.blob.arrayBuffer() : new ArrayBuffer(0);
        parentPort.postMessage({ id: m.id, blob: buf }, [buf]);
      } else {
        parentPort.postMessage({ id: m.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
      }
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: String(e && e.message || e) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((e) => parentPort.postMessage({ fatal: String(e && e.message || e) }));
`;

export interface PgliteWorker extends Queryable {
  /** Runs a `COPY ... TO '/dev/blob'` and answers its bytes. */
  copyOut(sql: string): Promise<Buffer>;
  close(): Promise<void>;
}

type Reply = { id: number; rows?: unknown[]; rowCount?: number; blob?: ArrayBuffer; error?: string };

export async function openPgliteWorker(options: {
  dataDir?: string;
  tar?: ArrayBuffer;
  conf: string[];
}): Promise<PgliteWorker> {
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    workerData: {
      pglite: import.meta.resolve('@electric-sql/pglite'),
      dataDir: options.dataDir,
      tar: options.tar,
      conf: options.conf,
    },
    transferList: options.tar ? [options.tar] : [],
  });
  const pending = new Map<number, (r: Reply) => void>();
  let nextId = 1;
  let failure: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: Reply & { ready?: boolean; fatal?: string }) => {
      if (m.ready) resolve();
      else if (m.fatal) reject(new Error(`the backup copy could not be opened: ${m.fatal}`));
      else pending.get(m.id)?.(m);
    });
    worker.on('error', (e) => {
      failure = e;
      reject(e);
      for (const cb of pending.values()) cb({ id: 0, error: e.message });
    });
    worker.on('exit', (code) => {
      if (code !== 0 && !failure) failure = new Error(`the backup worker exited with ${code}`);
      for (const cb of pending.values())
        cb({ id: 0, error: failure?.message ?? 'the backup worker stopped' });
    });
  });
  await ready;
  const ask = (message: Record<string, unknown>) =>
    new Promise<Reply>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, (r) => {
        pending.delete(id);
        if (r.error) reject(new Error(r.error));
        else resolve(r);
      });
      worker.postMessage({ ...message, id });
    });
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await ask({ sql, params });
      return { rows: (r.rows ?? []) as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await ask({ sql });
    },
    async copyOut(sql: string) {
      const r = await ask({ sql, copy: true });
      return Buffer.from(r.blob ?? new ArrayBuffer(0));
    },
    async close() {
      await ask({ close: true }).catch(() => {});
      await worker.terminate();
    },
  };
}
