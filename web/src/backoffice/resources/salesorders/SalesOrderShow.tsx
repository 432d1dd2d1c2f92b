import type { SalesOrderView } from '@contracts';
import { Button } from 'primereact/button';
import { asApiError } from '../../../api/client';
import { salesOrderCalls } from '../../../api/dataProvider';
import { formatClp, formatDateTime, formatRut } from '../../../app/format';
import { confirmAction } from '../../../shared/ui/confirm';
import { useMutations, useNotify } from '../../crud/hooks';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { OrderLaboratory, OrderLines, OrderStatusTag } from '../../../storefront/features/checkout/OrderParts';

const PAYMENT_STATUS: Record<string, string> = { CREATED: 'iniciado, sin respuesta', AUTHORIZED: 'aprobado', REJECTED: 'rechazado', REFUSED: 'rechazado: no coincidía con la orden' };

/** /app/salesorders/view/{id}: the order, its voucher and payment; the laboratory marks the voucher used. */
export default function SalesOrderShow({ id }: { id: number }) {
  return (
    <ShowShell resource="sales-orders" id={id} listPath="/app/salesorders" title={(o) => `Orden ${o.number}`} editable={() => false} extraActions={(o) => <RedeemButton order={o} />}>
      {(order) => (
        <>
          <Fields
            items={[
              ['Estado', <OrderStatusTag key="status" status={order.status} />],
              ['Código del bono', order.number],
              ['Paciente', order.customerName],
              ['RUT', order.rut ? formatRut(order.rut) : null],
              ['Correo', order.email],
              ['Teléfono', order.phone],
              ['Total', formatClp(order.total)],
              ['Creada', formatDateTime(order.createdAt)],
              ['Pagada', order.paidAt ? formatDateTime(order.paidAt) : null],
              ['Válido hasta', order.validUntil ? formatDateTime(order.validUntil) : null],
              ['Canjeada', order.redeemedAt ? formatDateTime(order.redeemedAt) : null],
              ['Pago', order.payment ? `${order.payment.gateway === 'simulator' ? 'Simulador (modo demostración)' : 'Webpay Plus'} · ${PAYMENT_STATUS[order.payment.status] ?? order.payment.status}${order.payment.authorizationCode ? ` · autorización ${order.payment.authorizationCode}` : ''}${order.payment.cardLast4 ? ` · tarjeta terminada en ${order.payment.cardLast4}` : ''}` : null],
              ...(order.failureReason ? ([['Motivo', order.failureReason]] as [string, string][]) : []),
            ]}
          />
          <h2 className="cl-show__subtitle">Laboratorio</h2>
          <OrderLaboratory order={order} />
          <h2 className="cl-show__subtitle">Exámenes</h2>
          <OrderLines order={order} />
        </>
      )}
    </ShowShell>
  );
}

/** Redeeming is final: asked first, and only offered while the voucher is paid and valid. */
function RedeemButton({ order }: { order: SalesOrderView }) {
  const { saved } = useMutations('sales-orders');
  const notify = useNotify();
  if (!order.canRedeem) return null;
  return (
    <Button
      label="Marcar canjeado"
      icon="pi pi-check"
      severity="success"
      onClick={() =>
        confirmAction({
          header: `Canjear el bono ${order.number}`,
          message: `Confirma que ${order.customerName} se tomó las muestras. El bono no se podrá volver a usar.`,
          acceptLabel: 'Marcar canjeado',
          danger: false,
          onAccept: async () => {
            try {
              const done = await salesOrderCalls.redeem(order.id);
              saved({ ...order, status: done.status, redeemedAt: new Date().toISOString(), canRedeem: false });
              notify({ severity: 'success', summary: `El bono ${order.number} quedó canjeado.` });
            } catch (caught) {
              notify({ severity: 'error', summary: asApiError(caught).message });
            }
          },
        })
      }
    />
  );
}
