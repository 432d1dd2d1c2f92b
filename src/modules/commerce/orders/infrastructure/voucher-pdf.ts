import type { SalesOrderView } from '../../../../contracts/sales-orders';
import { displayRut } from '../../../../platform/chile/rut';
import { visitTimeAdvice } from '../../../../contracts/preparation';
import { formatClp } from '../../../../platform/chile/money';
import { longDate as date, newPdf, qrPng, openingHoursLines, PDF_PRIMARY as PRIMARY, pdfSection as section } from '../../../../platform/pdf/pdf-document';

/**
 * The voucher as a one-page PDF: its code and QR (the code, which the laboratory types or scans in
 * the back office), the patient, the branch with its address and hours, what was bought with its
 * preparation, the amount paid and the last day it can be used.
 */
export async function renderVoucherPdf(order: SalesOrderView, options: { demo: boolean }): Promise<Buffer> {
  const qr = await qrPng(order.number);
  const { doc, done } = newPdf(`Voucher ${order.number}`);

  // The header's lines stop short of the QR code at the top right.
  const beside = { width: doc.page.width - 2 * 48 - 145 };
  doc.image(qr, doc.page.width - 48 - 130, 40, { width: 130 });
  doc.fillColor(PRIMARY).font('Helvetica-Bold').fontSize(20).text('CotizaLab', beside);
  doc.fillColor('#333').font('Helvetica').fontSize(12).text('Voucher de exámenes de laboratorio', beside);
  if (options.demo) doc.moveDown(0.3).fillColor('#b45309').font('Helvetica-Bold').fontSize(11).text('MODO DEMOSTRACIÓN: pagado en el simulador, sin dinero real. No es válido en el laboratorio.', beside);
  doc.moveDown(1).fillColor('#111').font('Helvetica').fontSize(11).text('Código del voucher', beside);
  doc.font('Helvetica-Bold').fontSize(24).text(order.number, beside);
  doc.font('Helvetica').fontSize(11).text(`Válido hasta el ${date(order.validUntil)} · Pagado el ${date(order.paidAt)}`, beside);
  // Below the QR code whatever the header's length, then the full width again.
  doc.y = Math.max(doc.y, 40 + 130 + 6);
  if (order.status === 'REDEEMED') doc.fillColor('#b91c1c').font('Helvetica-Bold').text(`Canjeado el ${date(order.redeemedAt)}`).fillColor('#111');

  section(doc, 'Paciente');
  doc.text(`${order.customerName}${order.rut ? ` · RUT ${displayRut(order.rut)}` : ''}`);
  doc.text(order.email);

  section(doc, 'Laboratorio');
  doc.font('Helvetica-Bold').text(`${order.laboratory.name} (${order.laboratory.companyName})`).font('Helvetica');
  doc.text([order.laboratory.addressLine1, order.laboratory.addressLine2, order.laboratory.comuna].filter(Boolean).join(', '));
  if (order.laboratory.phone) doc.text(`Teléfono: ${order.laboratory.phone}`);
  const hours = openingHoursLines(order.laboratory.openingHours);
  doc.text(hours.length > 0 ? `Horario: ${hours.join(' · ')}` : 'Horario: consúltalo con el laboratorio.');
  doc.text(`Atención: ${order.shippingMethodName}${order.homeAddress ? ` en ${order.homeAddress}${order.homeComuna ? `, ${order.homeComuna}` : ''}` : ''}`);

  section(doc, 'Exámenes');
  for (const line of order.lines) {
    doc.font('Helvetica-Bold').text(`${line.quantity} × ${line.name}`, { continued: true }).font('Helvetica').text(`   ${formatClp(line.total)}`, { align: 'left' });
    if (line.description) doc.fontSize(9).fillColor('#444').text(`Incluye: ${line.description}`).fontSize(11).fillColor('#111');
    doc.fontSize(9).fillColor('#444').text(`Código ${line.code} · Preparación: ${line.preparation ?? 'Sin preparación especial.'}`).fontSize(11).fillColor('#111');
    doc.moveDown(0.3);
  }
  if (order.shippingFee > 0) doc.text(`Toma de muestra a domicilio: ${formatClp(order.shippingFee)}`);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).text(`Total pagado: ${formatClp(order.total)}`).font('Helvetica').fontSize(11);

  section(doc, 'Cómo prepararte para tu visita');
  for (const step of order.preparation.steps) doc.text(`• ${step}`);
  const when = visitTimeAdvice(order.preparation, order.laboratory.openingHours);
  if (when) doc.text(`• ${when}`);

  section(doc, 'Cómo usarlo');
  doc.fontSize(10).text('Presenta este voucher (impreso o en tu teléfono) y tu cédula de identidad en el laboratorio. Revisa la preparación de cada examen antes de ir y confírmala con el laboratorio.');
  doc.end();
  return done;
}
