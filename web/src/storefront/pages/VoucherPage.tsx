import { useEffect, useState } from 'react';
import { Message } from 'primereact/message';
import QRCode from 'qrcode';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useSalesOrder, voucherPdfUrl } from '../../api/orders';
import { formatDate, formatRut } from '../../app/format';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { cartVisits, laboratoryPaid } from '../features/cart/cartSlice';
import { takePendingOrder } from '../features/checkout/checkoutSession';
import { OrderLaboratory, OrderLines, OrderStatusTag, validUntilText } from '../../shared/orders/OrderParts';
import { PreparationPanel } from '../features/search/PreparationPanel';

/**
 * /voucher/{id}: the voucher the laboratory accepts. Its owner (signed in) or whoever holds its
 * secret link (`?k=`) sees it; anyone else gets "not found".
 */
export default function VoucherPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const key = params.get('k');
  const dispatch = useAppDispatch();
  const order = useSalesOrder(Number(id) || 0, key);
  const data = order.data;
  const [qr, setQr] = useState<string | null>(null);
  // A split order's other visit, still in the cart to be paid as its own order.
  const nextVisit = cartVisits(useAppSelector((state) => state.cart.items)).find((v) => v.laboratoryId !== undefined && v.laboratoryId !== data?.laboratory.id);
  usePageTitle(data ? `Voucher ${data.number}` : 'Tu voucher');

  useEffect(() => {
    if (!data) return;
    // Paid: what was bought at that laboratory leaves the cart (only for the order this tab just paid).
    if (data.status === 'PAID' && takePendingOrder(data.id)) dispatch(laboratoryPaid(data.laboratory.id));
    void QRCode.toDataURL(data.number, { width: 220, margin: 1, errorCorrectionLevel: 'M' }).then(setQr);
  }, [data, dispatch]);

  if (order.error) {
    return (
      <div className="cl-container cl-narrow">
        <h1 className="cl-page-title">Voucher no encontrado</h1>
        <p>{order.error.code === 404 ? 'No encontramos este voucher. Abre el enlace completo que te enviamos por correo, o ingresa con tu cuenta para verlo en tu panel.' : order.error.message}</p>
        <Link to="/">Volver al inicio</Link>
      </div>
    );
  }
  if (!data) return <div className="cl-container cl-narrow"><p className="cl-muted" aria-busy="true">Cargando tu voucher…</p></div>;
  const voucher = data.status === 'PAID' || data.status === 'REDEEMED' || data.status === 'EXPIRED';
  const pdfKey = data.accessKey ?? key;
  const demo = data.payment?.gateway === 'simulator';

  return (
    <div className="cl-container cl-voucher">
      {data.status === 'PAID' && <Message severity="success" className="cl-voucher__ok" text="¡Listo! Tu pago fue aprobado. Presenta este voucher en el laboratorio." />}
      {nextVisit && (
        <p className="cl-panel cl-voucher__next" data-testid="next-visit">
          Tu carro aún tiene {nextVisit.items.length === 1 ? '1 examen' : `${nextVisit.items.length} exámenes`} de <strong>{nextVisit.laboratoryName}</strong>, tu otra visita.{' '}
          <Link to={`/checkout?laboratorio=${nextVisit.laboratoryId}`}>Pagar esa orden</Link>
        </p>
      )}
      {!voucher && (
        <Message severity="warn" text={data.status === 'PENDING_PAYMENT' ? 'Esta orden aún espera su pago.' : `Esta orden no tiene voucher: ${data.failureReason ?? 'el pago no se completó.'}`} />
      )}
      {demo && <Message severity="warn" className="cl-voucher__demo" text="Modo demostración: este voucher se pagó en el simulador y no es válido en el laboratorio." />}
      <article className="cl-panel cl-voucher__card" aria-labelledby="voucher-title">
        <header className="cl-voucher__head">
          <div>
            <h1 id="voucher-title" className="cl-voucher__title">Voucher de exámenes</h1>
            <p className="cl-voucher__code-label">Código</p>
            <p className="cl-voucher__code" data-testid="voucher-code">{data.number}</p>
            <p><OrderStatusTag status={data.status} /> {voucher && <span className="cl-voucher__valid">{validUntilText(data)}</span>}</p>
            {data.redeemedAt && <p className="cl-muted">Canjeado el {formatDate(data.redeemedAt)}</p>}
          </div>
          {voucher && qr && <img className="cl-voucher__qr" src={qr} alt={`Código QR del voucher ${data.number}`} width={160} height={160} />}
        </header>
        <section aria-labelledby="voucher-patient">
          <h2 id="voucher-patient">Paciente</h2>
          <p>{data.customerName}{data.rut ? ` · RUT ${formatRut(data.rut)}` : ''}</p>
        </section>
        <section aria-labelledby="voucher-lab">
          <h2 id="voucher-lab">Dónde</h2>
          <OrderLaboratory order={data} />
        </section>
        <section aria-labelledby="voucher-exams">
          <h2 id="voucher-exams">Exámenes</h2>
          <OrderLines order={data} />
        </section>
        <PreparationPanel preparation={data.preparation} hours={data.laboratory.openingHours} />
        {voucher && pdfKey !== null && (
          <a className="p-button cl-link-btn cl-voucher__pdf" href={voucherPdfUrl(data.id, pdfKey)} download={`voucher-${data.number}.pdf`}>
            <i className="pi pi-download" aria-hidden="true" /> Descargar PDF
          </a>
        )}
        <p className="cl-muted cl-voucher__how">Lleva tu cédula de identidad. Revisa la preparación de cada examen antes de ir y confírmala con el laboratorio.</p>
      </article>
    </div>
  );
}
