import { formatClp, formatDate } from '../../../app/format';
import { ListShell } from '../../crud/ListShell';
import { SALES_ORDER_STATUS_LABELS as STATUS_LABELS } from '@contracts';
import { OrderStatusTag } from '../../../shared/orders/OrderParts';

const STATUSES = (['PAID', 'REDEEMED', 'PENDING_PAYMENT', 'EXPIRED', 'FAILED', 'CANCELLED', 'REFUNDED'] as const).map((value) => ({ label: STATUS_LABELS[value], value }));

/** /app/salesorders: every order (administrators) or the company's own (providers); find a voucher by its code. */
export default function SalesOrderList() {
  return (
    <ListShell
      resource="sales-orders"
      title="Órdenes de venta"
      basePath="/app/salesorders"
      noun={{ one: 'orden', many: 'órdenes' }}
      canCreate={false}
      canEdit={false}
      defaultSort={{ orderBy: 'createdAt', orderSort: 'desc' }}
      rowName={(order) => `orden ${order.number}`}
      filters={[
        { name: 'term', label: 'Código del voucher, nombre, correo o RUT', type: 'text' },
        { name: 'status', label: 'Estado', type: 'select', options: STATUSES },
      ]}
      columns={[
        { header: 'Código', sortKey: 'number', nowrap: true, body: (o) => o.number },
        { header: 'Estado', body: (o) => <OrderStatusTag status={o.status} /> },
        { header: 'Paciente', body: (o) => o.customerName },
        { header: 'Laboratorio', body: (o) => o.laboratory.name },
        { header: 'Total', sortKey: 'total', numeric: true, nowrap: true, body: (o) => formatClp(o.total) },
        { header: 'Fecha', sortKey: 'createdAt', nowrap: true, body: (o) => formatDate(o.createdAt) },
        { header: 'Válido hasta', nowrap: true, body: (o) => formatDate(o.validUntil) },
      ]}
      csv={{
        filename: 'ordenes.csv',
        columns: [
          { header: 'Código', value: (o) => o.number },
          { header: 'Estado', value: (o) => STATUS_LABELS[o.status] },
          { header: 'Paciente', value: (o) => o.customerName },
          { header: 'Correo', value: (o) => o.email },
          { header: 'Laboratorio', value: (o) => o.laboratory.name },
          { header: 'Empresa', value: (o) => o.laboratory.companyName },
          { header: 'Total', value: (o) => o.total },
          { header: 'Fecha', value: (o) => formatDate(o.createdAt) },
          { header: 'Pagada', value: (o) => formatDate(o.paidAt) },
          { header: 'Válido hasta', value: (o) => formatDate(o.validUntil) },
        ],
      }}
    />
  );
}
