import type { KeptQuoteView } from '../../../contracts/kept-quotes';
import { VISIT_FEE_LABELS } from '../../../contracts/laboratories';
import { visitTimeAdvice } from '../../../contracts/preparation';
import { formatClp } from '../../../platform/chile/money';
import { longDate, newPdf, qrPng, openingHoursLines, pdfSection } from '../../../platform/pdf/pdf-document';

/**
 * The printable quote (issue 30): its reference, date and validity, the laboratory with its address and hours,
 * each exam as the order named it with its price and what the patient pays, the visit's fees, the totals, how to
 * prepare, and the address (and QR) that opens it again. A reopened quote prints what it said when kept, and
 * what changed since.
 */
export async function renderQuotePdf(view: KeptQuoteView, url: string): Promise<Buffer> {
  const { quote, preparation, uf } = view.then;
  const qr = await qrPng(url);
  const { doc, done } = newPdf(`Cotización ${view.ref}`);
  const beside = { width: doc.page.width - 2 * 48 - 120 };
  doc.image(qr, doc.page.width - 48 - 105, 40, { width: 105 });
  doc.fillColor('#0a8fa1').font('Helvetica-Bold').fontSize(20).text('CotizaLab', beside);
  doc.fillColor('#333').font('Helvetica').fontSize(12).text('Cotización de exámenes de laboratorio', beside);
  doc.moveDown(0.6).fillColor('#111').font('Helvetica-Bold').fontSize(18).text(view.ref, beside);
  doc.font('Helvetica').fontSize(10).text(`Cotizada el ${longDate(view.createdAt)} · válida hasta el ${longDate(view.validUntil)}`, beside);
  doc.text(`Ábrela de nuevo en ${url}`, beside);
  if (view.expired) doc.fillColor('#b91c1c').font('Helvetica-Bold').text('Esta cotización venció: cotiza tu orden de nuevo.', beside).fillColor('#111').font('Helvetica');
  doc.y = Math.max(doc.y, 40 + 105 + 6);

  pdfSection(doc, 'Laboratorio');
  const lab = view.laboratory;
  doc.font('Helvetica-Bold').text(`${lab.name} (${lab.companyName})`).font('Helvetica');
  doc.text(`${lab.address}, ${lab.comuna}${lab.phone ? ` · Teléfono ${lab.phone}` : ''}`);
  const hours = openingHoursLines(lab.openingHours);
  doc.text(hours.length > 0 ? `Horario: ${hours.join(' · ')}` : 'Horario: consúltalo con el laboratorio.');

  const insurer = view.insurer ? `${view.insurer.name}${view.coveragePercentage !== null && view.insurer.type !== 'public' ? ` (plan ${view.coveragePercentage} %${view.coverageCapUf !== null ? `, tope ${view.coverageCapUf} UF por examen` : ''})` : ''}` : 'Sin previsión (particular)';
  pdfSection(doc, `Tu orden · ${insurer}`);
  const name = new Map(view.exams.map((e) => [e.id, e.typed ? `${e.typed} · ${e.name}` : e.name]));
  const shared = quote.coverage > 0 || quote.exams.some((e) => e.payment === 'BONO');
  // A table: what is quoted on the left, its price and what the patient pays right-aligned in columns.
  const row = (label: string, price: string, pays: string | null, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 48, y, { width: shared ? 300 : 390 });
    const bottom = doc.y;
    doc.text(price, shared ? 352 : 442, y, { width: 95, align: 'right' });
    if (shared) doc.text(pays ?? '', 452, y, { width: 95, align: 'right' });
    doc.x = 48;
    doc.y = Math.max(bottom, doc.y) + 2;
  };
  row('Examen', shared ? 'Particular' : 'Precio', 'Tú pagas', true);
  for (const line of quote.exams) {
    const how = line.payment === 'BONO' ? ' (bono)' : line.capped ? ' (tope)' : '';
    row(name.get(line.examId) ?? `Examen ${line.examId}`, formatClp(line.price), `${formatClp(line.copay)}${how}`);
  }
  for (const fee of quote.fees) row(`${VISIT_FEE_LABELS[fee.kind]} (una vez por visita)`, formatClp(fee.amount), formatClp(fee.copay));
  if (quote.missingExamIds.length > 0) doc.fillColor('#8a3c00').text(`No ofrece: ${quote.missingExamIds.map((id) => name.get(id) ?? `Examen ${id}`).join(', ')}.`).fillColor('#111');
  doc.moveDown(0.4).text(`Precio particular: ${formatClp(quote.total)}`);
  if (shared) doc.text(`${view.insurer?.type === 'public' ? 'FONASA paga' : 'Cubre tu Isapre (estimado)'}: ${formatClp(quote.coverage)}`);
  doc.font('Helvetica-Bold').fontSize(13).text(`Tú pagas: ${formatClp(quote.toPay)}`).font('Helvetica').fontSize(10);
  if (uf) doc.text(`Tope en pesos con la UF al ${uf.validOn.split('-').reverse().join('-')} (${formatClp(uf.value)}): ${formatClp(uf.capPesos)} por examen.`);
  doc.fontSize(11);

  if (preparation) {
    pdfSection(doc, 'Cómo prepararte');
    for (const step of preparation.steps) doc.text(`• ${step}`);
    const advice = visitTimeAdvice(preparation, lab.openingHours);
    if (advice) doc.text(`• ${advice}`);
  }
  if (view.changes.length > 0) {
    pdfSection(doc, `Cambios desde el ${longDate(view.createdAt)}`);
    for (const change of view.changes) doc.text(`• ${change}`);
  }
  doc.moveDown(1).fontSize(9).fillColor('#444').text(
    'Precios informados por el laboratorio en CotizaLab a la fecha de la cotización. La cobertura de una Isapre es una estimación con el porcentaje (y tope) de tu plan; el bono FONASA se compra en el laboratorio. Confirma la preparación con el laboratorio.',
  );
  doc.end();
  return done;
}
