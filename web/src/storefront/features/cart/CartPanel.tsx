import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useNavigate } from 'react-router-dom';
import { formatClp } from '../../../app/format';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { CartLines, PatientPaysNote } from './CartLines';
import { cartCount, cartTotal, cartVisits, conflictResolved, topBoxShown } from './cartSlice';

export interface CartPanelHandle {
  toggle: (event: SyntheticEvent, target: HTMLElement) => void;
}

/**
 * The cart top box's panel and the "another laboratory" question: their own chunk (with PrimeReact's overlay and
 * dialog), loaded when the cart button is first pointed at or used, or when a conflict needs asking; a page's
 * first load does without them. `openAt` opens the panel as it mounts, for the click that loaded it.
 */
const CartPanel = forwardRef<CartPanelHandle, { openAt: HTMLElement | null }>(function CartPanel({ openAt }, ref) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector((state) => state.cart.items);
  const panel = useRef<OverlayPanel>(null);
  const count = cartCount(items);
  const visits = cartVisits(items);
  useImperativeHandle(ref, () => ({ toggle: (event, target) => panel.current?.toggle(event, target) }), []);
  // Only the click that mounted the panel opens it; later clicks go through toggle. Not in the mount's own
  // effects: the overlay's portal mounts in the render those effects cause, and a panel shown in that same render
  // skips its entry (no position: it stays off screen). One render later the portal is there.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted && openAt) panel.current?.show(null, openAt);
  }, [mounted]);

  return (
    <>
      <OverlayPanel
        ref={panel}
        className="cl-cart"
        // The panel is appended at the end of the page: focus goes into it ("Ir a pagar", else its first
        // control), and back to the cart button when it closes, or a keyboard would walk the whole page to reach it.
        onShow={() => {
          dispatch(topBoxShown(true));
          requestAnimationFrame(() => (document.querySelector<HTMLElement>('.cl-cart .cl-cart__pay') ?? document.querySelector<HTMLElement>('.cl-cart a, .cl-cart button:not(:disabled)'))?.focus());
        }}
        onHide={() => {
          dispatch(topBoxShown(false));
          if (document.activeElement === document.body || document.activeElement?.closest('.cl-cart')) document.querySelector<HTMLElement>('.cl-cart-button')?.focus();
        }}
        aria-label="Carro de exámenes"
      >
        <h2 className="cl-cart__title">Tu carro</h2>
        {items.length === 0 ? (
          <p className="cl-muted">Aún no agregas exámenes. Búscalos y agrégalos desde la página de un laboratorio.</p>
        ) : (
          <>
            {visits.map((visit) => (
              <section key={visit.laboratoryName} aria-label={`Visita a ${visit.laboratoryName}`} data-testid="cart-visit">
                <h3 className="cl-cart__lab">{visit.laboratoryName}</h3>
                <CartLines items={visit.items} />
                {visits.length > 1 && (
                  <p className="cl-cart__subtotal">
                    <span>Orden en este laboratorio</span> <strong>{formatClp(cartTotal(visit.items))}</strong>
                  </p>
                )}
                <PatientPaysNote items={visit.items} />
              </section>
            ))}
            <p className="cl-cart__total">
              <span>Total ({count} {count === 1 ? 'examen' : 'exámenes'})</span>
              <strong data-testid="cart-total">{formatClp(cartTotal(items))}</strong>
            </p>
            {visits.length > 1 && <p className="cl-cart__note">Son {visits.length} visitas: pagas una orden por laboratorio, cada una con su voucher.</p>}
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
});
export default CartPanel;

/**
 * One order is of one laboratory: adding another laboratory's exam asks whether to switch the cart to it, or to
 * add it as another visit (paid as its own order), before anything changes.
 */
function CartConflictDialog() {
  const dispatch = useAppDispatch();
  const conflict = useAppSelector((state) => state.cart.conflict);
  const current = useAppSelector((state) => cartVisits(state.cart.items).map((v) => v.laboratoryName).join(' y '));
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
          <Button label="Agregar como otra visita" icon="pi pi-plus" outlined onClick={() => dispatch(conflictResolved('add'))} />
          <Button label={`Cambiar a ${conflict?.laboratoryName ?? 'este laboratorio'}`} icon="pi pi-refresh" onClick={() => dispatch(conflictResolved('replace'))} />
        </div>
      }
    >
      <p>
        Tu carro tiene exámenes de <strong>{current}</strong>. Cada orden es de un solo laboratorio, porque el voucher se usa en esa sucursal.
      </p>
      <p>
        Puedes cambiar tu carro por {conflict && conflict.items.length > 1 ? `los ${conflict.items.length} exámenes` : 'el examen'} de <strong>{conflict?.laboratoryName}</strong>,
        o agregarlo como otra visita: pagarás una orden en cada laboratorio.
      </p>
    </Dialog>
  );
}
