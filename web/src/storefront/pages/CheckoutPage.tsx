import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { SelectBox } from '../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { Link, useSearchParams } from 'react-router-dom';
import type { CheckoutInput, ShippingMethod } from '@contracts';
import { asApiError } from '../../api/client';
import { formMessage } from '../../api/hooks';
import { checkoutCalls, usePaymentMethods, useShippingMethods } from '../../api/orders';
import { formatClp, formatRut } from '../../app/format';
import { useAppSelector } from '../../app/store';
import { describedBy, FormField } from '../../shared/ui/FormField';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { CartLines, PatientPaysNote } from '../features/cart/CartLines';
import { CartVisit } from '../features/cart/CartVisit';
import { cartTotal, cartVisits } from '../features/cart/cartSlice';
import { goToGateway, newIdempotencyKey, rememberPendingOrder } from '../features/checkout/checkoutSession';

type Buyer = { firstName: string; lastName: string; rut: string; email: string; phone: string };

/**
 * Checkout: what is bought at which laboratory, how the sample is taken, who buys (a visitor types
 * it; a signed-in person's account says it), and the payment method. The server re-reads every
 * price; "Pagar" sends the browser to the gateway. A cart of two visits (a split order) pays one
 * laboratory's order at a time (`?laboratorio=`, the first visit by default).
 */
export default function CheckoutPage() {
  usePageTitle('Pagar mi orden');
  const [params] = useSearchParams();
  const visits = cartVisits(useAppSelector((state) => state.cart.items));
  const visit = visits.find((v) => v.laboratoryId !== undefined && String(v.laboratoryId) === params.get('laboratorio')) ?? visits[0];
  const items = visit?.items ?? [];
  const otherVisits = visits.filter((v) => v !== visit);
  const { person, user } = useAppSelector((state) => state.auth);
  const laboratoryId = visit?.laboratoryId;
  const [shipping, setShipping] = useState<ShippingMethod['code']>('BRANCH');
  const [comunaId, setComunaId] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [buyer, setBuyer] = useState<Buyer>({ firstName: '', lastName: '', rut: '', email: '', phone: '' });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One key per attempt: a double click, or the same request sent again, makes one order.
  const key = useRef(newIdempotencyKey());
  const methods = useShippingMethods(laboratoryId);
  const payments = usePaymentMethods();
  const payment = payments.data?.[0];
  const home = methods.data?.find((m) => m.code === 'HOME');
  const fee = shipping === 'HOME' ? home?.comunas?.find((c) => c.id === comunaId)?.fee ?? null : 0;
  const subtotal = cartTotal(items);
  const total = subtotal + (fee ?? 0);
  const request = useMemo(() => JSON.stringify({ items, shipping, comunaId, address, buyer }), [items, shipping, comunaId, address, buyer]);
  // What is sent changed: a new attempt, with its own key.
  useEffect(() => {
    key.current = newIdempotencyKey();
  }, [request]);

  if (items.length === 0) {
    return (
      <div className="cl-container cl-narrow cl-checkout">
        <h1 className="cl-page-title">Pagar mi orden</h1>
        <p>Tu carro está vacío. <Link to="/buscador">Cotiza tu orden médica</Link> y agrega los exámenes desde la página del laboratorio que elijas.</p>
      </div>
    );
  }
  if (!laboratoryId) {
    return (
      <div className="cl-container cl-narrow cl-checkout">
        <h1 className="cl-page-title">Pagar mi orden</h1>
        <Message severity="warn" text="Los exámenes de tu carro se agregaron antes de que existiera el pago en línea. Quítalos y vuelve a agregarlos desde la página del laboratorio." />
      </div>
    );
  }

  const set = (name: keyof Buyer) => (e: { target: { value: string } }) => setBuyer({ ...buyer, [name]: name === 'rut' ? formatRut(e.target.value) : e.target.value });
  const field = (name: keyof Buyer, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`buyer-${name}`} label={label} error={fieldErrors[name]}>
      <InputText id={`buyer-${name}`} value={buyer[name]} onChange={set(name)} {...props} {...describedBy(`buyer-${name}`, fieldErrors[name])} />
    </FormField>
  );

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !payment) return;
    setSending(true);
    setError(null);
    setFieldErrors({});
    const body: CheckoutInput = {
      idempotencyKey: key.current,
      laboratoryId,
      items: items.map((i) => ({ id: i.id, kind: i.kind ?? 'EXAM', quantity: i.quantity, price: i.price })),
      shippingMethod: shipping,
      paymentMethod: payment.code,
      ...(shipping === 'HOME' ? { comunaId: comunaId ?? undefined, address } : {}),
      ...(person ? { rut: buyer.rut || undefined, phone: buyer.phone || undefined } : { ...buyer, phone: buyer.phone || undefined }),
    };
    try {
      const result = await (person ? checkoutCalls.checkoutSignedIn(body) : checkoutCalls.checkout(body));
      rememberPendingOrder(result.salesOrder.id);
      goToGateway(result.payment.url, result.payment.field, result.payment.token);
    } catch (caught) {
      const answer = asApiError(caught);
      const errors = answer.fieldErrors;
      setFieldErrors(errors);
      // Per-item errors (a changed price, an exam no longer sold) read better beside the item.
      const itemErrors = Object.entries(errors).filter(([name]) => name.startsWith('items.'));
      setError(itemErrors.length > 0
        ? `${answer.message} ${itemErrors.map(([name, message]) => `${items[Number(name.split('.')[1])]?.name ?? 'Un examen'}: ${message}`).join(' ')}`
        : formMessage(answer));
      setSending(false);
    }
  };

  return (
    <div className="cl-container cl-checkout">
      <h1 className="cl-page-title">Pagar mi orden</h1>
      {otherVisits.length > 0 && (
        <nav className="cl-panel cl-checkout__visits" aria-label="Visitas de tu carro" data-testid="checkout-visits">
          <p>
            Tu carro tiene exámenes de {visits.length} laboratorios: cada uno es una visita y se paga en su propia orden, con su
            propio voucher. Ahora pagas la de <strong>{visit.laboratoryName}</strong>.
          </p>
          <ul>
            {otherVisits.map((other) => (
              <li key={other.laboratoryName}>
                <Link to={`/checkout?laboratorio=${other.laboratoryId ?? ''}`}>Pagar primero la de {other.laboratoryName}</Link>
                <span className="cl-muted"> ({formatClp(cartTotal(other.items))})</span>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <form className="cl-checkout__grid" onSubmit={pay} noValidate aria-labelledby="checkout-summary-title">
        <section className="cl-panel cl-checkout__summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Tu orden en {items[0].categoryName}</h2>
          <CartLines items={items} />
          <dl className="cl-checkout__totals">
            <div><dt>Exámenes</dt><dd>{formatClp(subtotal)}</dd></div>
            {shipping === 'HOME' && <div><dt>Toma de muestra a domicilio</dt><dd>{fee === null ? 'Elige tu comuna' : formatClp(fee)}</dd></div>}
            <div className="cl-checkout__total"><dt>Total a pagar</dt><dd data-testid="checkout-total">{formatClp(total)}</dd></div>
          </dl>
          <PatientPaysNote items={items} />
          <CartVisit items={items} />
        </section>

        <div className="cl-checkout__steps">
          <fieldset className="cl-panel cl-checkout__step">
            <legend>1. ¿Cómo tomarás la muestra?</legend>
            {(methods.data ?? []).map((method) => (
              <div key={method.code} className="cl-radio">
                <RadioButton inputId={`shipping-${method.code}`} name="shipping" value={method.code} checked={shipping === method.code} onChange={() => setShipping(method.code)} disabled={method.code === 'HOME' && (method.comunas?.length ?? 0) === 0} />
                <label htmlFor={`shipping-${method.code}`}>
                  <span className="cl-radio__title"><strong>{method.name}</strong>{method.code === 'BRANCH' ? <span>· sin costo</span> : null}</span>
                  <small className="cl-muted">{method.code === 'HOME' ? 'Un profesional del laboratorio toma la muestra en tu domicilio y te llama para acordar el día.' : method.description}</small>
                </label>
              </div>
            ))}
            {shipping === 'HOME' && home && (
              <div className="cl-checkout__home">
                <FormField id="home-comuna" label="Comuna" error={fieldErrors.comunaId}>
                  <SelectBox
                    inputId="home-comuna"
                    value={comunaId}
                    options={(home.comunas ?? []).map((c) => ({ label: `${c.name} · ${formatClp(c.fee)}`, value: c.id }))}
                    onChange={(e) => setComunaId(e.value as number)}
                    placeholder="Elige tu comuna"
                    {...describedBy('home-comuna', fieldErrors.comunaId)}
                  />
                </FormField>
                <FormField id="home-address" label="Dirección" error={fieldErrors.address}>
                  <InputText id="home-address" value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} autoComplete="street-address" {...describedBy('home-address', fieldErrors.address)} />
                </FormField>
              </div>
            )}
          </fieldset>

          <fieldset className="cl-panel cl-checkout__step">
            <legend>2. Tus datos</legend>
            {person && user ? (
              <>
                <p>Compras como <strong>{person.firstName} {person.lastName}</strong> ({user.email}). Te enviaremos el voucher a ese correo.</p>
                {!person.rut && field('rut', 'RUT del paciente (opcional)', { inputMode: 'text', autoComplete: 'off' })}
              </>
            ) : (
              <>
                <p className="cl-muted">Te enviaremos el voucher a tu correo. <Link to="/login">¿Tienes cuenta? Ingresa</Link> para ver tus órdenes en tu panel.</p>
                <div className="cl-form__row">
                  {field('firstName', 'Nombre', { autoComplete: 'given-name' })}
                  {field('lastName', 'Apellido', { autoComplete: 'family-name' })}
                </div>
                <div className="cl-form__row">
                  {field('rut', 'RUT', { autoComplete: 'off', placeholder: '12.345.678-5' })}
                  {field('phone', 'Teléfono', { autoComplete: 'tel', inputMode: 'tel', placeholder: '+56 9 1234 5678' })}
                </div>
                {field('email', 'Correo electrónico', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
              </>
            )}
          </fieldset>

          <fieldset className="cl-panel cl-checkout__step">
            <legend>3. Medio de pago</legend>
            {payment && (
              <div className="cl-radio">
                <RadioButton inputId={`payment-${payment.code}`} name="payment" value={payment.code} checked onChange={() => undefined} />
                <label htmlFor={`payment-${payment.code}`}>
                  <strong>{payment.name}</strong>
                  <small className="cl-muted">{payment.description}</small>
                </label>
              </div>
            )}
            {payment?.demo && <Message severity="warn" className="cl-checkout__demo" text="Modo demostración: no se usa tarjeta ni se cobra dinero real." />}
          </fieldset>

          {error && <Message severity="error" text={error} className="cl-checkout__error" />}
          <Button type="submit" label={`Pagar ${formatClp(total)}`} icon="pi pi-lock" className="cl-checkout__pay" loading={sending} disabled={!payment || (shipping === 'HOME' && fee === null)} />
          <p className="cl-muted cl-checkout__legal">Al pagar aceptas los <Link to="/terminos-y-condiciones">términos y condiciones</Link>. El voucher vale 30 días desde el pago.</p>
        </div>
      </form>
    </div>
  );
}
