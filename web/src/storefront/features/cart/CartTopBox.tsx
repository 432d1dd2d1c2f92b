import { lazy, Suspense, useRef, useState } from 'react';
import { Badge } from 'primereact/badge';
import { useAppSelector } from '../../../app/store';
import type { CartPanelHandle } from './CartPanel';
import { cartCount } from './cartSlice';

const loadCartPanel = () => import('./CartPanel');
const CartPanel = lazy(loadCartPanel);

/**
 * The cart top box (spec §4): what is in the cart (one laboratory), its total, and the way to pay. The button is
 * part of every page's first render; its panel (CartPanel.tsx) is loaded on first need, not with the page.
 */
export function CartTopBox() {
  const items = useAppSelector((state) => state.cart.items);
  const conflict = useAppSelector((state) => state.cart.conflict !== null);
  const panel = useRef<CartPanelHandle>(null);
  // The button whose click mounted the panel: it opens there once loaded.
  const [openAt, setOpenAt] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const count = cartCount(items);

  return (
    <>
      <button
        type="button"
        className="cl-cart-button"
        aria-haspopup="dialog"
        // Pointing at the button or reaching it by keyboard starts loading the panel, so the click rarely waits.
        onPointerEnter={() => void loadCartPanel().catch(() => undefined)}
        onFocus={() => void loadCartPanel().catch(() => undefined)}
        onClick={(event) => {
          if (panel.current) panel.current.toggle(event, event.currentTarget);
          else {
            setOpenAt(event.currentTarget);
            setWanted(true);
          }
        }}
      >
        <i className="pi pi-shopping-cart p-overlay-badge" aria-hidden="true">
          {count > 0 && <Badge value={count} severity="danger" />}
        </i>
        {/* Named by its words, not an aria-label: the name then holds what is seen ("Carro"), as voice control needs. */}
        <span className="cl-cart-button__label">Carro</span>
        <span className="cl-sr-only">{` de exámenes: ${count} ${count === 1 ? 'examen' : 'exámenes'}`}</span>
      </button>
      {(wanted || conflict) && (
        <Suspense fallback={null}>
          <CartPanel ref={panel} openAt={openAt} />
        </Suspense>
      )}
    </>
  );
}
