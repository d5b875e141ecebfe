/** The sandbox page: no script at all; the inline stylesheet; the forms post to this server only. */
export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Cashfree's hosted checkout is opened by its JS SDK, loaded from its own origin beside ours. */
export const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js';
export const CASHFREE_CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'self' https://sdk.cashfree.com; " +
  "connect-src 'self' https://*.cashfree.com; frame-src https://*.cashfree.com; img-src 'self' data: https:; " +
  "form-action 'self' https://*.cashfree.com; base-uri 'none'; frame-ancestors 'none'";

/** The UPI page: our own script (the UTR form), the inline QR image, nothing from elsewhere. */
export const UPI_CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const rupees = (amount: number) => `&#8377;${amount.toLocaleString('en-IN')}`;
const back = (orderId: string) =>
  `<p><a href="/payment/return?order_id=${encodeURIComponent(orderId)}">Back to the app</a></p>`;

export interface CheckoutOrder {
  orderId: string;
  amount: number;
  status: string;
}

function page(title: string, body: string, script = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:360px;margin:2rem auto;padding:0 1rem;text-align:center}
.amount{font-size:2rem;font-weight:700}button,.button{display:block;box-sizing:border-box;width:100%;padding:.9rem;margin:.4rem 0;font-size:1.1rem;border:0;border-radius:8px;color:#fff;text-decoration:none}
.pay{background:#15803d}.fail{background:#b91c1c}.qr svg{width:240px;height:240px}
input{width:100%;box-sizing:border-box;padding:.8rem;font-size:1.1rem;letter-spacing:.1em;text-align:center}
.note{color:#475569;font-size:.9rem}.error{color:#b91c1c}.ok{color:#15803d}</style>${script ? '<script src="/api/payment/checkout.js" defer></script>' : ''}</head><body>${body}</body></html>`;
}

function closed(order: CheckoutOrder): string {
  return `<h1>Order ${esc(order.orderId)}</h1><p>This order is already ${order.status === 'SUCCESS' ? 'paid' : 'closed'}.</p>${back(order.orderId)}`;
}

/**
 * The sandbox checkout page: two plain forms (no script), so it works on any phone browser.
 * Pay and Fail POST to the server, which alone decides the order and then sends the player back.
 */
export function checkoutPage(order: CheckoutOrder | null): string {
  const body = !order
    ? '<h1>Order ID not found</h1>'
    : order.status !== 'PENDING'
      ? closed(order)
      : `<h1>Sandbox payment</h1>
         <p>Order <strong>${esc(order.orderId)}</strong></p>
         <p class="amount">${rupees(order.amount)}</p>
         <form method="post" action="/api/payment/checkout/${encodeURIComponent(order.orderId)}/pay"><button class="pay" type="submit">Pay</button></form>
         <form method="post" action="/api/payment/checkout/${encodeURIComponent(order.orderId)}/fail"><button class="fail" type="submit">Fail</button></form>`;
  return page('Sandbox payment', body);
}

/** Cashfree: our page hands the order's payment session to the gateway's hosted checkout. */
export function cashfreeCheckoutPage(
  order: CheckoutOrder & { session: string | null },
  mode: 'sandbox' | 'production',
): string {
  if (order.status !== 'PENDING' || !order.session) return page('Payment', closed(order));
  return page(
    'Payment',
    `<h1>Add funds</h1>
     <p>Order <strong>${esc(order.orderId)}</strong></p>
     <p class="amount">${rupees(order.amount)}</p>
     <div id="cashfree" data-session="${esc(order.session)}" data-mode="${mode}" data-sdk="${CASHFREE_SDK_URL}">
       <button class="pay" type="button" id="pay">Pay ${rupees(order.amount)}</button>
       <p class="note" id="message">You will pay on Cashfree's secure page and come back here.</p>
     </div>
     <noscript><p class="error">Please turn on JavaScript to pay.</p></noscript>
     ${back(order.orderId)}`,
    true,
  );
}

/**
 * Direct UPI: the intent link (opens the player's UPI app with everything filled in), the same as a
 * QR code for paying from another phone, and the form for the UTR the app shows after paying.
 */
export function upiCheckoutPage(
  order: CheckoutOrder & { utr: string | null },
  upi: { intent: string; qrSvg: string; payee: string },
): string {
  if (order.status !== 'PENDING') return page('UPI payment', closed(order));
  const form = order.utr
    ? `<p class="ok" id="message">UTR ${esc(order.utr)} received. Your funds are added as soon as the payment is confirmed.</p>`
    : `<form id="utr-form" novalidate data-order="${esc(order.orderId)}">
         <label for="utr">After paying, enter the 12-digit UTR number from your UPI app</label>
         <input id="utr" name="utr" inputmode="numeric" autocomplete="off" maxlength="12" pattern="[0-9]{12}" required placeholder="123456789012">
         <button class="pay" type="submit">Submit UTR</button>
         <p class="note" id="message" role="status"></p>
       </form>
       <noscript><p class="error">Please turn on JavaScript to submit the UTR.</p></noscript>`;
  return page(
    'UPI payment',
    `<h1>Pay by UPI</h1>
     <p>Order <strong>${esc(order.orderId)}</strong></p>
     <p class="amount">${rupees(order.amount)}</p>
     <p class="note">to ${esc(upi.payee)}</p>
     <a class="button pay" id="upi-link" href="${esc(upi.intent)}">Pay with a UPI app</a>
     <p class="note">or scan this code with any UPI app</p>
     <div class="qr" id="upi-qr">${upi.qrSvg}</div>
     ${form}
     ${back(order.orderId)}`,
    !order.utr,
  );
}

/**
 * The one script of the checkout pages (served from this origin, so no inline script is needed):
 * on the Cashfree page it loads the SDK and opens the hosted checkout; on the UPI page it sends the
 * UTR with the player's bearer token, which the app keeps under `token` in localStorage.
 */
export const CHECKOUT_SCRIPT = `(() => {
  const cf = document.getElementById('cashfree');
  const message = document.getElementById('message');
  const say = (text, kind) => { if (message) { message.textContent = text; message.className = kind || 'note'; } };
  if (cf) {
    const open = () => {
      if (typeof window.Cashfree !== 'function') { say('The payment page could not be loaded. Please check your connection and try again.', 'error'); return; }
      window.Cashfree({ mode: cf.dataset.mode }).checkout({ paymentSessionId: cf.dataset.session, redirectTarget: '_self' });
    };
    const s = document.createElement('script');
    s.src = cf.dataset.sdk;
    s.onload = open;
    s.onerror = () => say('The payment page could not be loaded. Please check your connection and try again.', 'error');
    document.head.appendChild(s);
    document.getElementById('pay').addEventListener('click', open);
  }
  const form = document.getElementById('utr-form');
  if (form) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const utr = document.getElementById('utr').value.trim();
      if (!/^[0-9]{12}$/.test(utr)) { say('Please enter the 12-digit UTR number of your payment', 'error'); return; }
      const token = localStorage.getItem('token');
      if (!token) { say('Please log in to the app first, then open this page again.', 'error'); return; }
      say('Sending...');
      try {
        const res = await fetch('/api/payment/orders/' + encodeURIComponent(form.dataset.order) + '/utr', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
          body: JSON.stringify({ utr }),
        });
        const body = await res.json().catch(() => ({}));
        if (res.ok) { form.querySelector('button').disabled = true; say('UTR received. Your funds are added as soon as the payment is confirmed.', 'ok'); }
        else say(body.message || 'Something went wrong. Please try again.', 'error');
      } catch {
        say('You are offline. Please try again when connected.', 'error');
      }
    });
  }
})();
`;
