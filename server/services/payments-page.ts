/** No script at all; the inline stylesheet; the forms post to this server only. */
export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The sandbox checkout page: two plain forms (no script), so it works on any phone browser.
 * Pay and Fail POST to the server, which alone decides the order and then sends the player back.
 */
export function checkoutPage(order: { orderId: string; amount: number; status: string } | null): string {
  const body = !order
    ? '<h1>Order ID not found</h1>'
    : order.status !== 'PENDING'
      ? `<h1>Order ${esc(order.orderId)}</h1><p>This order is already ${order.status === 'SUCCESS' ? 'paid' : 'failed'}.</p>
         <p><a href="/payment/return?order_id=${encodeURIComponent(order.orderId)}">Back to the app</a></p>`
      : `<h1>Sandbox payment</h1>
         <p>Order <strong>${esc(order.orderId)}</strong></p>
         <p class="amount">&#8377;${order.amount.toLocaleString('en-IN')}</p>
         <form method="post" action="/api/payment/checkout/${encodeURIComponent(order.orderId)}/pay"><button class="pay" type="submit">Pay</button></form>
         <form method="post" action="/api/payment/checkout/${encodeURIComponent(order.orderId)}/fail"><button class="fail" type="submit">Fail</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title><style>
body{font-family:system-ui,sans-serif;max-width:360px;margin:2rem auto;padding:0 1rem;text-align:center}
.amount{font-size:2rem;font-weight:700}button{width:100%;padding:.9rem;margin:.4rem 0;font-size:1.1rem;border:0;border-radius:8px;color:#fff}
.pay{background:#15803d}.fail{background:#b91c1c}</style></head><body>${body}</body></html>`;
}
