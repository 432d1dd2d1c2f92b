import { useState } from 'react';
import type { SalesOrderView } from '@contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { asApiError } from '../../../api/client';
import { salesOrderCalls } from '../../../api/dataProvider';
import { formatClp, formatDateTime, formatRut } from '../../../app/format';
import { confirmAction } from '../../../shared/ui/confirm';
import { useMutations, useNotify } from '../../crud/hooks';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { OrderLaboratory, OrderLines, OrderStatusTag } from '../../../shared/orders/OrderParts';

const PAYMENT_STATUS: Record<string, string> = { CREATED: 'iniciado, sin respuesta', AUTHORIZED: 'aprobado', REJECTED: 'rechazado', REFUSED: 'rechazado: no coincidía con la orden' };

/** /app/salesorders/view/{id}: the order, its voucher and payment; the laboratory marks the voucher used. */
export default function SalesOrderShow({ id }: { id: number }) {
  return (
    <ShowShell resource="sales-orders" id={id} listPath="/app/salesorders" title={(o) => `Orden ${o.number}`} editable={() => false} extraActions={(o) => <><RedeemButton order={o} /><RefundButton order={o} /></>}>
      {(order) => (
        <>
          <Fields
            items={[
              ['Estado', <OrderStatusTag key="status" status={order.status} />],
              ['Código del voucher', order.number],
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
              ...(order.refund
                ? ([['Reembolso', `${formatClp(order.refund.amount)} el ${formatDateTime(order.refund.createdAt)} · ${order.refund.reason}`]] as [string, string][])
                : []),
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
          header: `Canjear el voucher ${order.number}`,
          message: `Confirma que ${order.customerName} se tomó las muestras. El voucher no se podrá volver a usar.`,
          acceptLabel: 'Marcar canjeado',
          danger: false,
          onAccept: async () => {
            try {
              const done = await salesOrderCalls.redeem(order.id);
              saved({ ...order, status: done.status, redeemedAt: new Date().toISOString(), canRedeem: false });
              notify({ severity: 'success', summary: `El voucher ${order.number} quedó canjeado.` });
            } catch (caught) {
              notify({ severity: 'error', summary: asApiError(caught).message });
            }
          },
        })
      }
    />
  );
}

/**
 * Refunding gives the money back through the gateway and voids the voucher: administrators only, on a paid order
 * not yet redeemed, with a reason (kept with the refund, in the audit and in the buyer's mail) and a confirmation.
 */
function RefundButton({ order }: { order: SalesOrderView }) {
  const { saved } = useMutations('sales-orders');
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!order.canRefund) return null;
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const refund = async () => {
    if (reason.trim().length < 5) {
      setError('Indica el motivo del reembolso (al menos 5 caracteres).');
      return;
    }
    setSending(true);
    try {
      const done = await salesOrderCalls.refund(order.id, reason.trim());
      saved({ ...order, status: done.status, refund: done.refund, canRefund: false, canRedeem: false });
      notify({ severity: 'success', summary: `Reembolsamos ${formatClp(done.refund.amount)} de la orden ${order.number}.` });
      close();
    } catch (caught) {
      // The gateway's refusal changes nothing: it is said here, and the order stays paid.
      setError(asApiError(caught).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button label="Reembolsar" icon="pi pi-replay" severity="danger" outlined onClick={() => setOpen(true)} />
      <Dialog
        header={`Reembolsar la orden ${order.number}`}
        visible={open}
        onHide={close}
        className="cl-dialog cl-refund"
        style={{ width: 'min(32rem, 94vw)' }}
        footer={
          <div className="cl-dialog__footer">
            <Button label="Cancelar" text onClick={close} disabled={sending} />
            <Button label={`Reembolsar ${formatClp(order.total)}`} icon="pi pi-replay" severity="danger" onClick={() => void refund()} loading={sending} />
          </div>
        }
      >
        <p>
          Devolveremos {formatClp(order.total)} a {order.customerName} por {order.payment?.gateway === 'simulator' ? 'el simulador (modo demostración)' : 'Webpay Plus'}. El voucher
          dejará de valer y le avisaremos por correo. No se puede deshacer.
        </p>
        <label htmlFor="refund-reason" className="cl-field__label">Motivo del reembolso</label>
        <InputTextarea id="refund-reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} rows={3} maxLength={300} autoResize style={{ width: '100%' }} className="cl-block" aria-invalid={error ? true : undefined} aria-describedby={error ? 'refund-error' : undefined} />
        {error && <Message id="refund-error" severity="error" text={error} className="cl-block" />}
      </Dialog>
    </>
  );
}
