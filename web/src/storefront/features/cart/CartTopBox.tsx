import { useRef } from 'react';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { formatClp } from '../../../app/format';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { cartCount, cartTotal, itemRemoved, quantityUpdated, topBoxShown } from './cartSlice';

/** The cart top box (spec §4): what is in the cart, grouped by laboratory, and its total. */
export function CartTopBox() {
  const dispatch = useAppDispatch();
  const items = useAppSelector((state) => state.cart.items);
  const panel = useRef<OverlayPanel>(null);
  const count = cartCount(items);
  const laboratories = [...new Set(items.map((i) => i.categoryName))];

  return (
    <>
      <button
        type="button"
        className="cl-cart-button"
        aria-label={`Carro de exámenes: ${count} ${count === 1 ? 'examen' : 'exámenes'}`}
        aria-haspopup="dialog"
        onClick={(event) => panel.current?.toggle(event)}
      >
        <i className="pi pi-shopping-cart p-overlay-badge" aria-hidden="true">
          {count > 0 && <Badge value={count} severity="danger" />}
        </i>
        <span className="cl-cart-button__label">Carro</span>
      </button>
      <OverlayPanel ref={panel} className="cl-cart" onShow={() => dispatch(topBoxShown(true))} onHide={() => dispatch(topBoxShown(false))} aria-label="Carro de exámenes">
        <h2 className="cl-cart__title">Tu carro</h2>
        {items.length === 0 ? (
          <p className="cl-muted">Aún no agregas exámenes. Búscalos y agrégalos desde la página de un laboratorio.</p>
        ) : (
          <>
            {laboratories.map((laboratory) => (
              <section key={laboratory} aria-label={laboratory}>
                <h3 className="cl-cart__lab">{laboratory}</h3>
                <ul className="cl-cart__items">
                  {items.filter((i) => i.categoryName === laboratory).map((item) => (
                    <li key={item.id}>
                      <span className="cl-cart__name">{item.name}</span>
                      <span className="cl-cart__qty">
                        <Button icon="pi pi-minus" text rounded size="small" aria-label={`Quitar una unidad de ${item.name}`} disabled={item.quantity <= 1} onClick={() => dispatch(quantityUpdated({ id: item.id, quantity: item.quantity - 1 }))} />
                        <span aria-label="Cantidad">{item.quantity}</span>
                        <Button icon="pi pi-plus" text rounded size="small" aria-label={`Agregar una unidad de ${item.name}`} onClick={() => dispatch(quantityUpdated({ id: item.id, quantity: item.quantity + 1 }))} />
                      </span>
                      <span className="cl-cart__price">{formatClp(item.price * item.quantity)}</span>
                      <Button icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={`Eliminar ${item.name} del carro`} onClick={() => dispatch(itemRemoved(item.id))} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <p className="cl-cart__total">
              <span>Total ({count} {count === 1 ? 'examen' : 'exámenes'})</span>
              <strong data-testid="cart-total">{formatClp(cartTotal(items))}</strong>
            </p>
            <p className="cl-muted cl-cart__note">Precios del laboratorio antes de tu previsión. Paga y agenda directamente con el laboratorio.</p>
          </>
        )}
      </OverlayPanel>
    </>
  );
}
