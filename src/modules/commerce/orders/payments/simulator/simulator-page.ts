import { formatClp } from '../../../../../platform/chile/money';

/** The simulator's pages: plain server-rendered HTML, like a gateway's own site, clearly a demonstration. */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f7;color:#1f2937}
  .demo{margin:0;background:#b45309;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.02em}
  main{max-width:28rem;margin:1.5rem auto;padding:0 1rem}
  .card{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08);padding:1.5rem}
  h1{font-size:1.3rem;margin:0 0 .25rem} p{line-height:1.5}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0} dt{color:#6b7280} dd{margin:0;font-weight:600;text-align:right}
  .amount{font-size:1.6rem}
  button{width:100%;min-height:48px;border:0;border-radius:8px;font-size:1rem;font-weight:600;margin-top:.75rem;cursor:pointer}
  .approve{background:#0a7d8c;color:#fff} .reject{background:#b91c1c;color:#fff} .abort{background:transparent;color:#374151;text-decoration:underline}
  button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
  small{color:#4b5563}
`;

export function simulatorPage(payment: { token: string; buyOrder: string; amount: number }): string {
  const token = escape(payment.token);
  const form = (decision: string, label: string, css: string) =>
    `<form method="post" action="/api/payments/simulator/decision"><input type="hidden" name="token_ws" value="${token}"><input type="hidden" name="decision" value="${decision}"><button type="submit" class="${css}">${label}</button></form>`;
  return `<!doctype html>
<html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pago simulado · modo demostración</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body>
<header><p class="demo" role="note">MODO DEMOSTRACIÓN · no se usa tarjeta ni se mueve dinero</p></header>
<main>
  <div class="card">
    <h1>Pasarela de pago simulada</h1>
    <p>Esta página hace el papel de Webpay en el modo demostración de CotizaLab. Elige qué respuesta dará el banco.</p>
    <dl>
      <dt>Comercio</dt><dd>CotizaLab</dd>
      <dt>Orden de compra</dt><dd>${escape(payment.buyOrder)}</dd>
      <dt>Monto</dt><dd class="amount">${formatClp(payment.amount)}</dd>
    </dl>
    ${form('approve', 'Aprobar pago', 'approve')}
    ${form('reject', 'Rechazar pago', 'reject')}
    ${form('abort', 'Anular y volver a CotizaLab', 'abort')}
    <p><small>En producción aquí estaría el formulario de Webpay Plus (Transbank).</small></p>
  </div>
</main>
</body></html>`;
}
