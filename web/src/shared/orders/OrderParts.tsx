import { SALES_ORDER_STATUS_LABELS, type SalesOrderStatus, type SalesOrderView } from '@contracts';
import { dayName, formatClp, formatDate } from '../../app/format';

const STATUS_TAGS: Record<SalesOrderStatus, string> = {
  PENDING_PAYMENT: 'cl-tag--warn', PAID: 'cl-tag--ok', REDEEMED: 'cl-tag--info', EXPIRED: 'cl-tag--muted', FAILED: 'cl-tag--danger', CANCELLED: 'cl-tag--muted', REFUNDED: 'cl-tag--muted',
};

export const OrderStatusTag = ({ status }: { status: SalesOrderStatus }) => <span className={`cl-tag ${STATUS_TAGS[status]}`}>{SALES_ORDER_STATUS_LABELS[status]}</span>;

/** Opening hours grouped by day: "lunes: 08:00–13:00, 15:00–18:00". */
export function OpeningHours({ hours }: { hours: SalesOrderView['laboratory']['openingHours'] }) {
  if (hours.length === 0) return <span className="cl-muted">Consulta el horario con el laboratorio.</span>;
  const byDay = new Map<number, string[]>();
  for (const h of [...hours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens))) byDay.set(h.day, [...(byDay.get(h.day) ?? []), `${h.opens}–${h.closes}`]);
  return (
    <ul className="cl-hours">
      {[...byDay].map(([day, ranges]) => (
        <li key={day}><span className="cl-hours__day">{dayName(day)}</span> {ranges.join(', ')}</li>
      ))}
    </ul>
  );
}

/** The branch where the voucher is used: name, address, phone and hours. */
export function OrderLaboratory({ order }: { order: SalesOrderView }) {
  const lab = order.laboratory;
  return (
    <div className="cl-order-lab">
      <p><strong>{lab.name}</strong> <span className="cl-muted">({lab.companyName})</span></p>
      <p><i className="pi pi-map-marker" aria-hidden="true" /> {[lab.addressLine1, lab.addressLine2, lab.comuna].filter(Boolean).join(', ')}</p>
      {lab.phone && <p><i className="pi pi-phone" aria-hidden="true" /> <a href={`tel:${lab.phone.replace(/\s/g, '')}`}>{lab.phone}</a></p>}
      <OpeningHours hours={lab.openingHours} />
      <p className="cl-muted">
        {order.shippingMethodName}
        {order.homeAddress ? `: ${order.homeAddress}${order.homeComuna ? `, ${order.homeComuna}` : ''}` : ''}
      </p>
    </div>
  );
}

/** What was bought, with the preparation the patient must know. */
export function OrderLines({ order }: { order: SalesOrderView }) {
  return (
    <>
      <ul className="cl-order-lines">
        {order.lines.map((line) => (
          <li key={line.id}>
            <div className="cl-order-lines__head">
              <span>{line.quantity > 1 ? `${line.quantity} × ` : ''}{line.name}</span>
              <strong>{formatClp(line.total)}</strong>
            </div>
            {line.description && <small className="cl-muted">Incluye: {line.description}</small>}
            <small className="cl-order-lines__prep"><i className="pi pi-info-circle" aria-hidden="true" /> Preparación: {line.preparation ?? 'Sin preparación especial.'}</small>
          </li>
        ))}
      </ul>
      <dl className="cl-checkout__totals">
        {order.shippingFee > 0 && <div><dt>Toma de muestra a domicilio</dt><dd>{formatClp(order.shippingFee)}</dd></div>}
        <div className="cl-checkout__total"><dt>{order.status === 'PAID' || order.status === 'REDEEMED' || order.status === 'EXPIRED' ? 'Total pagado' : 'Total'}</dt><dd data-testid="order-total">{formatClp(order.total)}</dd></div>
      </dl>
    </>
  );
}

export const validUntilText = (order: SalesOrderView) => (order.validUntil ? `Válido hasta el ${formatDate(order.validUntil)}` : '');
