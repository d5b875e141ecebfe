import { useState } from 'react';
import { Status, useRead } from './shared';

type Entry = {
  _id: string;
  at: string;
  username: string;
  role: string;
  method: string;
  path: string;
  status: number;
  request: unknown;
  before: unknown;
  after: unknown;
  clientAddress: string;
};

export function AuditPage() {
  const [filter, setFilter] = useState({ route: '', method: '' });
  const [applied, setApplied] = useState(filter);
  const params: Record<string, string> = { limit: '50' };
  if (applied.route) params.route = applied.route;
  if (applied.method) params.method = applied.method;
  const log = useRead<Entry[]>('admin/audit-log', params);
  return (
    <section>
      <h1>Audit log</h1>
      <form
        className="row-form"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filter);
        }}
      >
        <label>
          Route contains
          <input value={filter.route} onChange={(e) => setFilter({ ...filter, route: e.target.value })} />
        </label>
        <label>
          Method
          <select value={filter.method} onChange={(e) => setFilter({ ...filter, method: e.target.value })}>
            <option value="">Any</option>
            {['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      <Status loading={log.loading} error={log.error} />
      <table aria-label="Audit log">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Status</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {(log.data ?? []).map((e) => (
            <tr key={e._id}>
              <td>{new Date(e.at).toLocaleString('en-IN')}</td>
              <td>
                {e.username} ({e.role})
              </td>
              <td>
                {e.method} {e.path}
              </td>
              <td>{e.status}</td>
              <td>
                <details>
                  <summary>Before / after</summary>
                  <pre>
                    {JSON.stringify({ request: e.request, before: e.before, after: e.after }, null, 2)}
                  </pre>
                  <small>from {e.clientAddress}</small>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
