import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useSalesOrder } from '../../api/orders';
import { formatClp } from '../../app/format';
import { useAppSelector } from '../../app/store';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { cartCount } from '../features/cart/cartSlice';

/**
 * /transaction/failed/{id}: the payment did not go through. Says what happened and how to try
 * again; the cart is untouched, so trying again is one click.
 */
export default function TransactionFailedPage() {
  usePageTitle('El pago no se completó');
  const { id } = useParams();
  const [params] = useSearchParams();
  const key = params.get('k');
  const order = useSalesOrder(Number(id) || 0, key);
  const items = useAppSelector((state) => state.cart.items);
  const data = order.data;
  const paid = data && (data.status === 'PAID' || data.status === 'REDEEMED');
  if (order.loading) return <div className="cl-container cl-narrow"><p className="cl-muted" aria-busy="true">Cargando…</p></div>;

  return (
    <div className="cl-container cl-narrow cl-failed">
      <div className="cl-failed__icon" aria-hidden="true"><i className="pi pi-times-circle" /></div>
      <h1 className="cl-page-title">{paid ? 'Esta orden sí está pagada' : 'El pago no se completó'}</h1>
      {paid ? (
        <p>Tu voucher está listo. <Link to={`/voucher/${data.id}${key ? `?k=${encodeURIComponent(key)}` : ''}`}>Ver mi voucher</Link></p>
      ) : (
        <>
          <p data-testid="failure-reason">{data?.failureReason ?? 'No recibimos la confirmación del pago. No se hizo ningún cargo.'}</p>
          {data && <p className="cl-muted">Orden {data.number} · {formatClp(data.total)} · {data.laboratory.name}</p>}
          <h2 className="cl-failed__subtitle">¿Cómo lo intento de nuevo?</h2>
          <ul className="cl-failed__steps">
            <li>Tu carro sigue igual{items.length > 0 ? ` (${cartCount(items)} ${cartCount(items) === 1 ? 'examen' : 'exámenes'})` : ''}: vuelve a pagar y elige otra tarjeta si el banco la rechazó.</li>
            <li>Revisa que tu tarjeta tenga cupo y esté habilitada para compras por internet.</li>
            <li>Si el problema sigue, <Link to="/contacto">escríbenos</Link> indicando el número de orden.</li>
          </ul>
          <div className="cl-failed__actions">
            {items.length > 0 ? <Link to="/checkout" className="p-button cl-link-btn">Intentar nuevamente</Link> : <Link to="/buscador" className="p-button cl-link-btn">Cotizar de nuevo</Link>}
            <Link to="/" className="p-button p-button-outlined cl-link-btn">Volver al inicio</Link>
          </div>
        </>
      )}
    </div>
  );
}
