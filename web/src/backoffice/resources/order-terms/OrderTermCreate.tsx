import { FormShell } from '../../crud/FormShell';
import { OrderTermFields } from './OrderTermForm';
import { emptyOrderTerm, orderTermInput, orderTermValues, validateOrderTerm } from './schema';

export default function OrderTermCreate() {
  return (
    <FormShell resource="order-terms" title="Nuevo término" listPath="/app/order-terms" empty={emptyOrderTerm} fromRecord={orderTermValues} toInput={orderTermInput} validate={validateOrderTerm} redirect={(term) => `/app/order-terms/view/${term.id}`} savedMessage="Agregamos el término: el lector lo usa desde la próxima orden.">
      <OrderTermFields />
    </FormShell>
  );
}
