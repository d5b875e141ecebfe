import { useRead } from './read';
import type { PushOutboxItem } from './types';
import { Status } from './ui/status';
import { Table } from './ui/table';
import { whenText } from './words';

/**
 * The notifications that reached a player, newest first (owners; GET /admin/push-outbox):
 * their own (wins, funds, withdrawals) and the result notifications of the markets they take.
 */
export function PlayerPushes({ playerId, phone }: { playerId: string; phone: string }) {
  const pushes = useRead<PushOutboxItem[]>('admin/push-outbox', { userId: playerId, limit: '20' });
  return (
    <section aria-label={`Notifications to ${phone}`}>
      <h3>Notifications to {phone}</h3>
      <Status loading={pushes.loading} error={pushes.error} />
      <Table<PushOutboxItem>
        label={`Notifications to ${phone}`}
        rows={pushes.data}
        rowKey={(m) => m._id}
        empty="No notification has been queued for this player."
        columns={[
          { title: 'Queued', cell: (m) => whenText(m.createdAt) },
          { title: 'Title', cell: (m) => m.title },
          { title: 'Text', cell: (m) => m.body },
          { title: 'Opens', cell: (m) => m.link ?? '' },
          { title: 'Status', cell: (m) => (m.sentAt ? `${m.status} ${whenText(m.sentAt)}` : m.status) },
        ]}
      />
    </section>
  );
}
