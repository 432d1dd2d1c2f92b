import { FormShell } from '../../crud/FormShell';
import { OrderTermFields } from './OrderTermForm';
import { emptyOrderTerm, orderTermInput, orderTermValues, validateOrderTerm } from './schema';

export default function OrderTermEdit({ id }: { id: number }) {
  return (
    <FormShell resource="order-terms" id={id} title="Editar término" listPath="/app/order-terms" empty={emptyOrderTerm} fromRecord={orderTermValues} toInput={orderTermInput} validate={validateOrderTerm} redirect={(term) => `/app/order-terms/view/${term.id}`} savedMessage="Guardamos el término: el lector lo usa desde la próxima orden.">
      <OrderTermFields />
    </FormShell>
  );
}
