import { Page } from '../../components/page';

/** Payment status screen; its full build belongs to a later issue. */
export function PaymentStatusPage({ orderId }: { orderId: string | null }) {
  return (
    <Page title="Payment Status">
      <p>{orderId ? `Order ID: ${orderId}` : 'Order ID not found'}</p>
    </Page>
  );
}
