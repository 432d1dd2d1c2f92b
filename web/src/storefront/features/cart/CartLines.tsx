import { Button } from 'primereact/button';
import { formatClp } from '../../../app/format';
import { useAppDispatch } from '../../../app/store';
import { Link } from 'react-router-dom';
import { cartPatientPays, cartPayer, cartTotal, itemRemoved, quantityUpdated, type CartItem } from './cartSlice';

/** The cart's lines with their quantity and price, editable (the top box and the checkout share them). */
export function CartLines({ items, editable = true }: { items: CartItem[]; editable?: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <ul className="cl-cart__items">
      {items.map((item) => (
        <li key={`${item.kind ?? 'EXAM'}-${item.id}`}>
          <span className="cl-cart__name">
            {item.name}
            {item.kind === 'PRODUCT' && <small className="cl-muted"> · Paquete</small>}
          </span>
          <span className="cl-cart__qty">
            {editable && <Button icon="pi pi-minus" text rounded size="small" aria-label={`Quitar una unidad de ${item.name}`} disabled={item.quantity <= 1} onClick={() => dispatch(quantityUpdated({ id: item.id, kind: item.kind, quantity: item.quantity - 1 }))} />}
            <span aria-label="Cantidad">{editable ? item.quantity : `${item.quantity} ×`}</span>
            {editable && <Button icon="pi pi-plus" text rounded size="small" aria-label={`Agregar una unidad de ${item.name}`} disabled={item.quantity >= 10} onClick={() => dispatch(quantityUpdated({ id: item.id, kind: item.kind, quantity: item.quantity + 1 }))} />}
          </span>
          <span className="cl-cart__price">{formatClp(item.price * item.quantity)}</span>
          {editable && <Button icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={`Eliminar ${item.name} del carro`} onClick={() => dispatch(itemRemoved({ id: item.id, kind: item.kind }))} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the online payment is, beside what the patient would pay with the previsión of the quote
 * (docs/decisions.md, "Checkout and sales orders"): online, the laboratory's private price, always.
 * A FONASA bono is bought at the laboratory, so a FONASA patient is told plainly that paying here
 * is paying the private price, and how to pay the bono copay instead; an Isapre's share is refunded
 * afterwards. With no previsión, nothing is said about one.
 */
export function PatientPaysNote({ items }: { items: CartItem[] }) {
  const quoted = cartPayer(items);
  const total = cartTotal(items);
  if (quoted === null) return <p className="cl-muted cl-cart__note">Pagas el precio particular del laboratorio.</p>;
  const withPayer = cartPatientPays(items)!;
  if (quoted.payer === 'ISAPRE') {
    return (
      <p className="cl-cart__note" data-testid="cart-patient-pays">
        Aquí pagas el precio particular del laboratorio, {formatClp(total)}. Con {quoted.label} pagarías <strong>{formatClp(withPayer)}</strong> (estimado)
        después del reembolso: pídelo a tu Isapre con el comprobante de este pago.
      </p>
    );
  }
  return (
    <div className="cl-cart__note cl-cart__note--fonasa" data-testid="cart-patient-pays">
      <p>
        <strong>El pago en línea es el precio particular, {formatClp(total)}:</strong> no usa tu bono FONASA.
      </p>
      <p>
        <strong>Paga con tu bono FONASA en el laboratorio: {formatClp(withPayer)}.</strong> No pagues aquí: ve a {items[0].categoryName} con
        tu cédula de identidad y tu orden médica, y compra el bono allí.
        {items[0].laboratoryId && <> <Link to={`/laboratorio/${items[0].laboratoryId}`}>Ver su dirección y horario</Link>.</>}
      </p>
    </div>
  );
}
