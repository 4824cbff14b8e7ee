import { formatMoney } from '@cutout/contracts';
import type { DemoPaymentRow } from './demo-acquirer.ts';
import type { CardField, CardFieldError } from './demo-cards.ts';
import { type DemoPageTexts, textsFor } from './demo-page.texts.ts';

/** What the hosted page shows for a payment: its card form, its code step, or its outcome. */
export type DemoPageView =
  | {
      kind: 'form';
      errors?: Partial<Record<CardField, CardFieldError>>;
      values?: { number: string; expiry: string };
    }
  | { kind: 'confirm'; code: string | null; triesLeft?: number }
  | { kind: 'outcome'; returnTo: string };

export function renderDemoPage(options: {
  payment: DemoPaymentRow;
  merchantName: string;
  /** Where the page's forms post: the payment's own address under the plugin's prefix. */
  action: string;
  view: DemoPageView;
  nonce: string;
}): string {
  const { payment, view } = options;
  const t = textsFor(payment.language);
  const amount = formatAmount(payment.amountMinor, payment.currency, payment.language);
  const body =
    view.kind === 'form'
      ? cardForm(t, options.action, amount, view)
      : view.kind === 'confirm'
        ? codeForm(t, options.action, view)
        : outcome(t, payment, view.returnTo);
  return `<!doctype html>
<html lang="${payment.language === 'ru' ? 'ru' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${favicon}">
<title>${esc(t.title)} · ${esc(options.merchantName)}</title>
<style nonce="${esc(options.nonce)}">${styles}</style>
</head>
<body>
<main class="card">
<p class="badge">${esc(t.demoBadge)}</p>
<header>
<p class="muted">${esc(t.payTo)} <strong>${esc(options.merchantName)}</strong></p>
<p class="description">${esc(payment.description)}</p>
<p class="muted">${esc(t.amount)}</p>
<p class="amount">${esc(amount)}</p>
</header>
${body}
<p class="secure">${lockIcon} ${esc(t.secure)}</p>
</main>
</body>
</html>`;
}

export function renderNotFoundPage(nonce: string): string {
  const texts = [textsFor('en').notFound, textsFor('ru').notFound];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="${favicon}"><title>404</title><style nonce="${esc(nonce)}">${styles}</style></head><body><main class="card">${texts.map((text) => `<p>${esc(text)}</p>`).join('')}</main></body></html>`;
}

function cardForm(
  t: DemoPageTexts,
  action: string,
  amount: string,
  view: Extract<DemoPageView, { kind: 'form' }>,
): string {
  const field = (name: CardField, label: string, attrs: string, value = '') => {
    const error = view.errors?.[name];
    return `<label class="field${error ? ' invalid' : ''}"><span>${esc(label)}</span>
<input name="${name}" ${attrs} value="${esc(value)}" required${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${error ? `<span class="error" id="${name}-error">${esc(t.errors[error])}</span>` : ''}</label>`;
  };
  return `<form method="post" action="${esc(action)}" class="stack" novalidate>
${field('number', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23"', view.values?.number)}
<div class="row">
${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" maxlength="5"', view.values?.expiry)}
${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3"')}
</div>
<button type="submit" class="primary">${esc(t.pay)} ${esc(amount)}</button>
</form>
${cancelForm(t, action)}
<section class="hints"><h2>${esc(t.testCards)}</h2><ul>
<li><code>4242 4242 4242 4242</code> ${esc(t.cardPays)}</li>
<li><code>4000 0000 0000 0002</code> ${esc(t.cardDeclined)}</li>
<li><code>4000 0000 0000 3220</code> ${esc(t.cardConfirms)}</li>
</ul><p class="muted">${esc(t.testCardHint)}</p></section>`;
}

function codeForm(
  t: DemoPageTexts,
  action: string,
  view: Extract<DemoPageView, { kind: 'confirm' }>,
): string {
  return `<h1>${esc(t.confirmTitle)}</h1>
<p>${esc(t.confirmLead)}</p>
${view.triesLeft !== undefined ? `<p class="error" role="alert">${esc(t.wrongCode)} ${view.triesLeft}</p>` : ''}
<form method="post" action="${esc(action)}/confirm" class="stack">
<label class="field"><span>${esc(t.code)}</span><input name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required></label>
${view.code ? `<p class="hint">${esc(t.codeHint)} <strong>${esc(view.code)}</strong></p>` : ''}
<button type="submit" class="primary">${esc(t.confirm)}</button>
</form>
${cancelForm(t, action)}`;
}

function outcome(t: DemoPageTexts, payment: DemoPaymentRow, returnTo: string): string {
  const title = payment.status === 'paid' ? t.paid : payment.status === 'canceled' ? t.canceled : t.failed;
  const reason = payment.failureReason ? (t.reasons[payment.failureReason] ?? payment.failureReason) : null;
  return `<section class="outcome ${esc(payment.status)}" role="status">
<h1>${esc(title)}</h1>
${reason ? `<p>${esc(reason)}</p>` : ''}
${payment.cardLast4 ? `<p class="muted">${esc(t.card)} •••• ${esc(payment.cardLast4)}</p>` : ''}
</section>
<a class="button primary" href="${esc(returnTo)}">${esc(t.returnToStore)}</a>`;
}

function cancelForm(t: DemoPageTexts, action: string): string {
  return `<form method="post" action="${esc(action)}/cancel"><button type="submit" class="link">${esc(t.cancel)}</button></form>`;
}

/** The amount as the payment's language writes it: "1 234,50 ₽" or "$1,234.50". */
export function formatAmount(amountMinor: number, currency: string, language: string): string {
  return formatMoney(amountMinor, currency, language === 'ru' ? 'ru-RU' : 'en-US');
}

// The acquirer's own icon, inline (its CSP allows data: images): a browser that asks for
// /favicon.ico finds nothing there and logs an error on every visit.
const favicon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#0f766e" stroke-width="2"><rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20"/></svg>',
)}`;

// Inline SVG, not an emoji: a system without an emoji font shows a box instead.
const lockIcon =
  '<svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every interpolated value goes through this: text and attribute values alike. */
export const esc = (value: string): string => value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

const styles = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:32px 16px;background:linear-gradient(160deg,#eef2f7,#dfe7f1);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2430}
.card{width:100%;max-width:440px;background:#fff;border-radius:16px;box-shadow:0 12px 40px rgba(20,40,80,.12);padding:28px 24px}
@media (min-width:768px){body{padding-top:72px}.card{padding:36px 40px}}
p{margin:0 0 8px}h1{font-size:20px;margin:0 0 8px}h2{font-size:14px;margin:0 0 6px;text-transform:uppercase;letter-spacing:.04em;color:#5b6676}
.badge{display:inline-block;background:#fff4d6;color:#7a5300;border-radius:999px;padding:2px 10px;font-size:12px;margin-bottom:16px}
header{border-bottom:1px solid #e6ebf1;padding-bottom:16px;margin-bottom:20px}.muted{color:#5b6676;font-size:14px}
.description{font-weight:600;overflow-wrap:anywhere}.amount{font-size:32px;font-weight:700;letter-spacing:-.01em;margin:0}
.stack{display:flex;flex-direction:column;gap:14px}.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.field{display:flex;flex-direction:column;gap:4px;font-size:14px;color:#3a4554}
input{font:inherit;font-size:17px;padding:11px 12px;border:1px solid #c9d2de;border-radius:10px;width:100%;background:#fbfcfe}
input:focus{outline:3px solid #b9d3ff;border-color:#2f6fe4}.invalid input{border-color:#d23b3b;background:#fff6f6}
.error{color:#c02828;font-size:13px}.hint{background:#eef5ff;border-radius:8px;padding:8px 12px;font-size:14px}
button,.button{font:inherit;cursor:pointer;border-radius:10px;text-align:center;text-decoration:none;display:block;width:100%}
.primary{background:#2f6fe4;color:#fff;border:0;padding:13px 16px;font-weight:600;font-size:17px}.primary:hover{background:#245bc0}
.link{background:none;border:0;color:#2f6fe4;padding:12px 0;font-size:15px}.link:hover{text-decoration:underline}
.hints{margin-top:12px;background:#f6f8fb;border-radius:10px;padding:12px 14px;font-size:14px}.hints ul{margin:0 0 6px;padding-left:18px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
.outcome{text-align:center;padding:8px 0 20px}.outcome.paid h1{color:#16803c}.outcome.failed h1{color:#c02828}
.secure{margin:20px 0 0;font-size:12px;color:#7a8494;text-align:center}.secure svg{vertical-align:-1px}`;
