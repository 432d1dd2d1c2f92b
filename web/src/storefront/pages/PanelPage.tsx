import { Link } from 'react-router-dom';
import { useSalesOrders } from '../../api/orders';
import { formatClp, formatDate } from '../../app/format';
import { useAppSelector } from '../../app/store';
import { cartCount, cartTotal } from '../features/cart/cartSlice';
import { SignedInOnly } from '../layout/SignedInOnly';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { OrderStatusTag } from '../../shared/orders/OrderParts';
import { SavedOrders } from '../features/saved-orders/SavedOrders';

/** The signed-in person's data, their cart and their orders (with each voucher). */
export default function PanelPage() {
  usePageTitle('Mi panel');
  const items = useAppSelector((state) => state.cart.items);
  return (
    <SignedInOnly>
      {({ person, user }) => (
        <div className="cl-container cl-panel-page">
          <h1 className="cl-page-title">Hola, {person.firstName}</h1>
          <div className="cl-panel-page__grid">
            <section className="cl-panel" aria-labelledby="my-data">
              <h2 id="my-data">Mis datos</h2>
              <dl className="cl-data">
                <dt>Nombre</dt>
                <dd>{person.firstName} {person.lastName}</dd>
                <dt>Correo</dt>
                <dd>{user.email}</dd>
                <dt>Teléfono</dt>
                <dd>{person.phone ?? <span className="cl-muted">Sin informar</span>}</dd>
                <dt>RUT</dt>
                <dd>{person.rut ?? <span className="cl-muted">Sin informar</span>}</dd>
                <dt>Perfil</dt>
                <dd>{person.profile.name}</dd>
              </dl>
              <Link to="/editar-datos" className="cl-link-button">Editar mis datos <i className="pi pi-angle-right" aria-hidden="true" /></Link>
            </section>
            <section className="cl-panel" aria-labelledby="my-cart">
              <h2 id="my-cart">Mi carro</h2>
              {items.length === 0 ? (
                <p className="cl-muted">Tu carro está vacío. <Link to="/buscador">Cotiza tu orden médica</Link> y agrega exámenes desde la página de un laboratorio.</p>
              ) : (
                <p>{cartCount(items)} {cartCount(items) === 1 ? 'examen' : 'exámenes'} por {formatClp(cartTotal(items))}.</p>
              )}
            </section>
            <MyOrders />
            <SavedOrders />
            {person.profile.code !== 'USR' && (
              <section className="cl-panel" aria-labelledby="backoffice">
                <h2 id="backoffice">Administración</h2>
                <p>Administra exámenes, precios y laboratorios desde el panel de gestión.</p>
                <Link to="/app" className="cl-link-button">Ir a la administración <i className="pi pi-angle-right" aria-hidden="true" /></Link>
              </section>
            )}
          </div>
        </div>
      )}
    </SignedInOnly>
  );
}

/** The orders the person bought with this account, newest first, each opening its voucher. */
function MyOrders() {
  const orders = useSalesOrders({ perPage: 20, orderBy: 'createdAt', orderSort: 'desc' });
  const items = orders.data?.items ?? [];
  return (
    <section className="cl-panel cl-panel-orders" aria-labelledby="my-orders">
      <h2 id="my-orders">Mis órdenes</h2>
      {orders.loading && <p className="cl-muted" aria-busy="true">Cargando…</p>}
      {orders.error && <p className="cl-muted">{orders.error.message}</p>}
      {orders.loaded && items.length === 0 && <p className="cl-muted">Aún no compras exámenes con tu cuenta.</p>}
      <ul className="cl-panel-orders__list">
        {items.map((order) => (
          <li key={order.id}>
            <Link to={order.status === 'FAILED' || order.status === 'CANCELLED' ? `/transaction/failed/${order.id}` : `/voucher/${order.id}`}>
              <strong>{order.number}</strong> · {order.laboratory.name}
            </Link>
            <span className="cl-panel-orders__meta">
              <OrderStatusTag status={order.status} /> {formatClp(order.total)} · {formatDate(order.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
