import { LANGUAGE_TAGS, type Lang } from '../../../src/i18n/languages';
import { translate } from '../../i18n/translate';

/**
 * The sandbox page: no script at all; the inline stylesheet and the app's icon; the forms post to
 * this server only.
 */
export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

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

function page(title: string, body: string, script = false, lang: Lang = 'en'): string {
  return `<!doctype html><html lang="${LANGUAGE_TAGS[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><link rel="icon" type="image/png" href="/icons/icon-192.png"><style>
body{font-family:system-ui,sans-serif;max-width:360px;margin:2rem auto;padding:0 1rem;text-align:center}
.amount{font-size:2rem;font-weight:700}button,.button{display:block;box-sizing:border-box;width:100%;padding:.9rem;margin:.4rem 0;font-size:1.1rem;border:0;border-radius:8px;color:#fff;text-decoration:none}
.pay{background:#15803d}.fail{background:#b91c1c}.qr svg{width:240px;height:240px}
input{width:100%;box-sizing:border-box;padding:.8rem;font-size:1.1rem;letter-spacing:.1em;text-align:center}
.note{color:#475569;font-size:.9rem}.error{color:#b91c1c}.ok{color:#15803d}
.exact{border:2px solid #15803d;border-radius:12px;padding:.8rem;margin:1rem 0}.exact .amount{font-size:2.6rem;margin:.2rem 0;letter-spacing:.02em}
.copy{background:#0f172a;display:inline-block;width:auto;min-height:44px;padding:.5rem 1.2rem;font-size:1rem}
p>a:only-child{display:inline-flex;align-items:center;min-height:44px;padding:0 .8rem}.ref{font-family:ui-monospace,monospace;font-size:1.1rem;font-weight:700;letter-spacing:.08em}
.paid{background:#1d4ed8}.left{font-weight:600}</style>${script ? '<script src="/api/payment/checkout.js" defer></script>' : ''}</head><body>${body}</body></html>`;
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

/** What the UPI page shows of an order beyond its id, amount and state. */
export interface UpiCheckoutOrder extends CheckoutOrder {
  utr: string | null;
  /** With automatic matching: the note's short code, and the end of the order's window. */
  reference: string | null;
  payBy: Date | null;
  /** The order's last state as the server noted it (CANCELLED, EXPIRED...). */
  closedBy: string | null;
  /** With automatic matching on, an order without an exact amount: its UTR is what finds it. */
  byUtr?: boolean;
}

/** What an order opened while every exact amount of its amount was held tells its player. */
export const BY_UTR =
  'Many players are paying this amount right now, so your payment cannot be recognised by its amount alone. After paying, enter the 12-digit UTR number from your UPI app below: your wallet is credited as soon as the payment is confirmed.';

/**
 * Direct UPI: the intent link (opens the player's UPI app with everything filled in), the same as a
 * QR code for paying from another phone, and the form for the UTR the app shows after paying.
 * With automatic matching the exact amount (paise included) stands out with a copy button and the
 * time left, and "I have paid" leads to the app's status page, which turns to success by itself.
 * Every word is in the player's language (server/i18n).
 */
export function upiCheckoutPage(
  order: UpiCheckoutOrder,
  upi: { intent: string; qrSvg: string; payee: string },
  lang: Lang = 'en',
): string {
  const w = (english: string) => esc(translate(english, lang));
  const status = `/payment/status?order_id=${encodeURIComponent(order.orderId)}`;
  const ret = `/payment/return?order_id=${encodeURIComponent(order.orderId)}`;
  if (order.status !== 'PENDING') {
    const late =
      order.closedBy === 'CANCELLED' || order.closedBy === 'EXPIRED'
        ? `<p class="note">${w(LATE_PAYMENT)}</p>`
        : '';
    return page(
      w('UPI payment'),
      `<h1>${w('Order')} ${esc(order.orderId)}</h1><p>${w(order.status === 'SUCCESS' ? 'This order is already paid.' : 'This order is already closed.')}</p>${late}
       <p><a href="${ret}">${w('Back to the app')}</a></p>`,
      false,
      lang,
    );
  }
  const auto = order.reference !== null && order.payBy !== null;
  const exact = order.amount.toFixed(2);
  const amountBlock = auto
    ? `<div class="exact" id="exact" data-amount="${exact}">
         <p><strong>${w('Pay exactly this amount')}</strong></p>
         <p class="amount" id="exact-amount">&#8377;${exact}</p>
         <button class="copy" type="button" id="copy-amount" data-copied="${w('Copied')}">${w('Copy amount')}</button>
         <p class="note">${w('Pay the exact amount, paise included: it tells us the payment is yours, and your wallet is credited by itself.')}</p>
         <p class="note">${w('Reference')}: <span class="ref" id="upi-reference">${esc(order.reference ?? '')}</span></p>
         <p class="left" id="time-left" data-pay-by="${order.payBy?.toISOString() ?? ''}" data-label="${w('Time left')}" data-over="${w('The time to pay has ended.')}"></p>
       </div>`
    : `<p class="amount">${rupees(order.amount)}</p>${order.byUtr ? `<p class="note" id="by-utr">${w(BY_UTR)}</p>` : ''}`;
  const utrLabel = auto
    ? 'Paid, and not credited after a few minutes? Enter the 12-digit UTR number from your UPI app'
    : 'After paying, enter the 12-digit UTR number from your UPI app';
  const form = order.utr
    ? `<p class="ok" id="message">${w(`UTR ${order.utr} received. Your funds are added as soon as the payment is confirmed.`)}</p>`
    : `<form id="utr-form" novalidate data-order="${esc(order.orderId)}" data-say-utr="${w('Please enter the 12-digit UTR number of your payment')}"
           data-say-login="${w('Please log in to the app first, then open this page again.')}" data-say-sending="${w('Sending...')}"
           data-say-ok="${w('UTR received. Your funds are added as soon as the payment is confirmed.')}"
           data-say-error="${w('Something went wrong. Please try again.')}" data-say-offline="${w('You are offline. Please try again when connected.')}">
         <label for="utr">${w(utrLabel)}</label>
         <input id="utr" name="utr" inputmode="numeric" autocomplete="off" maxlength="12" pattern="[0-9]{12}" required placeholder="123456789012">
         <button class="pay" type="submit">${w('Submit UTR')}</button>
         <p class="note" id="message" role="status"></p>
       </form>
       <noscript><p class="error">${w('Please turn on JavaScript to submit the UTR.')}</p></noscript>`;
  const paid = auto
    ? `<a class="button paid" id="i-have-paid" href="${status}" data-order="${esc(order.orderId)}">${w('I have paid')}</a>
       <p class="note">${w('Your wallet is credited as soon as your bank confirms the payment.')}</p>`
    : '';
  return page(
    w('UPI payment'),
    `<h1>${w('Pay by UPI')}</h1>
     <p>${w('Order')} <strong>${esc(order.orderId)}</strong></p>
     ${amountBlock}
     <p class="note">${w('to')} ${esc(upi.payee)}</p>
     <a class="button pay" id="upi-link" href="${esc(upi.intent)}">${w('Pay with a UPI app')}</a>
     <p class="note">${w('or scan this code with any UPI app')}</p>
     <div class="qr" id="upi-qr">${upi.qrSvg}</div>
     ${paid}
     ${form}
     <p><a href="${ret}" id="back">${w('Back to the app')}</a></p>`,
    true,
    lang,
  );
}

/** What a closed UPI order's page says when a payment might still be on its way. */
export const LATE_PAYMENT =
  'If you paid for it, your money is not lost: it is credited when your bank confirms the payment or an operator matches it.';

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
    const t = form.dataset;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const utr = document.getElementById('utr').value.trim();
      if (!/^[0-9]{12}$/.test(utr)) { say(t.sayUtr, 'error'); return; }
      const token = localStorage.getItem('token');
      if (!token) { say(t.sayLogin, 'error'); return; }
      say(t.saySending);
      try {
        const res = await fetch('/api/payment/orders/' + encodeURIComponent(form.dataset.order) + '/utr', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token, 'accept-language': document.documentElement.lang },
          body: JSON.stringify({ utr }),
        });
        const body = await res.json().catch(() => ({}));
        if (res.ok) { form.querySelector('button').disabled = true; say(t.sayOk, 'ok'); }
        else say(body.message || t.sayError, 'error');
      } catch {
        say(t.sayOffline, 'error');
      }
    });
  }
  const copy = document.getElementById('copy-amount');
  const exact = document.getElementById('exact');
  if (copy && exact) {
    copy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(exact.dataset.amount); } catch {
        const range = document.createRange(); range.selectNodeContents(document.getElementById('exact-amount'));
        const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range); document.execCommand('copy');
      }
      copy.textContent = copy.dataset.copied;
    });
  }
  const left = document.getElementById('time-left');
  if (left && left.dataset.payBy) {
    const end = Date.parse(left.dataset.payBy);
    const tick = () => {
      const ms = end - Date.now();
      if (ms <= 0) { left.textContent = left.dataset.over; return; }
      const s = Math.ceil(ms / 1000);
      left.textContent = left.dataset.label + ': ' + Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
      setTimeout(tick, 1000);
    };
    tick();
  }
  // An order paid while this page is open (the bank's message arrived): on to the app's status page.
  const paid = document.getElementById('i-have-paid');
  const token = localStorage.getItem('token');
  const order = paid ? paid.dataset.order : null;
  if (paid && token && order) {
    const poll = async () => {
      try {
        const res = await fetch('/api/payment/orders/' + encodeURIComponent(order) + '/status', { headers: { authorization: 'Bearer ' + token } });
        const body = await res.json();
        if (body.order && body.order.orderStatus !== 'PENDING') { window.location.assign(paid.getAttribute('href')); return; }
      } catch {}
      setTimeout(poll, 4000);
    };
    setTimeout(poll, 4000);
  }
})();
`;
