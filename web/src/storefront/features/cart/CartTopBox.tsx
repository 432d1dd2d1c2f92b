import { useRef } from 'react';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useNavigate } from 'react-router-dom';
import { formatClp } from '../../../app/format';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { CartLines, PatientPaysNote } from './CartLines';
import { cartCount, cartTotal, conflictResolved, topBoxShown } from './cartSlice';

/** The cart top box (spec §4): what is in the cart (one laboratory), its total, and the way to pay. */
export function CartTopBox() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector((state) => state.cart.items);
  const panel = useRef<OverlayPanel>(null);
  const count = cartCount(items);

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
            <h3 className="cl-cart__lab">{items[0].categoryName}</h3>
            <CartLines items={items} />
            <p className="cl-cart__total">
              <span>Total ({count} {count === 1 ? 'examen' : 'exámenes'})</span>
              <strong data-testid="cart-total">{formatClp(cartTotal(items))}</strong>
            </p>
            <PatientPaysNote items={items} />
            <Button
              label="Ir a pagar"
              icon="pi pi-credit-card"
              className="cl-cart__pay"
              onClick={() => {
                panel.current?.hide();
                navigate('/checkout');
              }}
            />
          </>
        )}
      </OverlayPanel>
      <CartConflictDialog />
    </>
  );
}

/** One order is of one laboratory: adding another laboratory's exam asks before emptying the cart. */
function CartConflictDialog() {
  const dispatch = useAppDispatch();
  const conflict = useAppSelector((state) => state.cart.conflict);
  const current = useAppSelector((state) => state.cart.items[0]?.categoryName);
  const close = () => dispatch(conflictResolved('keep'));
  return (
    <Dialog
      header="Tu carro es de otro laboratorio"
      visible={conflict !== null}
      onHide={close}
      className="cl-dialog cl-cart-conflict"
      style={{ width: 'min(32rem, 94vw)' }}
      footer={
        <div className="cl-dialog__actions">
          <Button label="Mantener mi carro" outlined onClick={close} />
          <Button label={`Cambiar a ${conflict?.laboratoryName ?? 'este laboratorio'}`} icon="pi pi-refresh" onClick={() => dispatch(conflictResolved('replace'))} />
        </div>
      }
    >
      <p>
        Tu carro tiene exámenes de <strong>{current}</strong>. Cada orden es de un solo laboratorio, porque el bono se usa en esa sucursal.
      </p>
      <p>
        ¿Quieres vaciarlo y agregar {conflict && conflict.items.length > 1 ? `los ${conflict.items.length} exámenes` : 'el examen'} de <strong>{conflict?.laboratoryName}</strong>?
      </p>
    </Dialog>
  );
}
