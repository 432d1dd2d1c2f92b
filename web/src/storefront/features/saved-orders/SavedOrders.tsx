import { useState } from 'react';
import type { SavedOrder } from '@contracts';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { asApiError } from '../../../api/client';
import { savedOrderCalls, useSavedOrders } from '../../../api/orders';
import { formatDate } from '../../../app/format';
import { EMPTY_FILTER, filterToUrl } from '../search/quoteFilter';

/** The /buscador address that quotes a saved order again. */
export const savedOrderLink = (order: SavedOrder) =>
  `/buscador?${filterToUrl({
    ...EMPTY_FILTER, exams: order.examIds, location: order.location, locationFk: order.locationFk, nearLocations: order.nearLocations,
    pensionHealtInstitutionId: order.pensionHealtInstitutionId, coveragePercentage: order.coveragePercentage, orderBy: 'total',
  })}`;

/** "Órdenes guardadas" on /panel (issue 19): the orders the person kept, to quote them again. */
export function SavedOrders() {
  const orders = useSavedOrders({ perPage: 20 });
  const [removed, setRemoved] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const items = (orders.data?.items ?? []).filter((o) => !removed.includes(o.id));
  const remove = async (order: SavedOrder) => {
    setError(null);
    try {
      await savedOrderCalls.remove(order.id);
      setRemoved([...removed, order.id]);
    } catch (caught) {
      setError(asApiError(caught).message);
    }
  };
  return (
    <section className="cl-panel cl-saved-orders" aria-labelledby="saved-orders">
      <h2 id="saved-orders">Órdenes guardadas</h2>
      {orders.loading && <p className="cl-muted" aria-busy="true">Cargando…</p>}
      {orders.error && <p className="cl-muted">{orders.error.message}</p>}
      {error && <p className="cl-muted" role="alert">{error}</p>}
      {orders.loaded && items.length === 0 && (
        <p className="cl-muted">
          Aún no guardas órdenes. Al <Link to="/buscador">cotizar tu orden médica</Link>, usa «Guardar en mis órdenes» para cotizarla de nuevo más tarde.
        </p>
      )}
      <ul className="cl-saved-orders__list">
        {items.map((order) => (
          <li key={order.id} data-testid="saved-order">
            <Link to={savedOrderLink(order)}>{order.label}</Link>
            <span className="cl-saved-orders__meta">
              Guardada el {formatDate(order.savedAt)}
              <Button label="Eliminar" icon="pi pi-trash" text size="small" aria-label={`Eliminar la orden ${order.label}`} onClick={() => void remove(order)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
