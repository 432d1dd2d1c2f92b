import { Button } from 'primereact/button';
import { formatClp } from '../../../app/format';
import { useAppDispatch } from '../../../app/store';
import { cartPatientPays, itemRemoved, quantityUpdated, type CartItem } from './cartSlice';

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
 * What the online payment is, beside what the patient would pay with the previsión of the quote:
 * the voucher is paid at the laboratory's own price; a FONASA bono or an Isapre's share is claimed
 * apart (docs/decisions.md, "Checkout and sales orders").
 */
export function PatientPaysNote({ items }: { items: CartItem[] }) {
  const withPayer = cartPatientPays(items);
  const label = items.find((i) => i.payerLabel)?.payerLabel;
  if (withPayer === null) return <p className="cl-muted cl-cart__note">Precios particulares del laboratorio; tu previsión no se descuenta en el pago en línea.</p>;
  const fonasa = label?.toUpperCase().includes('FONASA') ?? false;
  return (
    <p className="cl-cart__note" data-testid="cart-patient-pays">
      Con {label ?? 'tu previsión'} pagarías <strong>{formatClp(withPayer)}</strong> según tu cotización
      {fonasa ? ', comprando el bono FONASA en el laboratorio' : ', después del reembolso de tu Isapre (estimado)'}. Aquí pagas el precio particular del laboratorio
      {fonasa ? '.' : '; pide el reembolso con tu comprobante.'}
    </p>
  );
}
