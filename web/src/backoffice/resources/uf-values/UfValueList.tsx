import { formatClpCents, formatDay } from '../../../app/format';
import { ListShell } from '../../crud/ListShell';

export default function UfValueList() {
  return (
    <ListShell
      resource="uf-values"
      title="Valor UF"
      description="El valor de la UF en pesos por fecha: los topes de los planes Isapre en UF se cotizan con el último valor vigente."
      basePath="/app/maintainers/uf-values"
      noun={{ one: 'valor', many: 'valores' }}
      createLabel="Nuevo valor"
      defaultSort={{ orderBy: 'validOn', orderSort: 'desc' }}
      rowName={(v) => `la UF del ${formatDay(v.validOn)}`}
      columns={[
        { header: 'Fecha', sortKey: 'validOn', nowrap: true, body: (v) => formatDay(v.validOn) },
        { header: 'Valor', numeric: true, body: (v) => formatClpCents(v.value) },
      ]}
      csv={{
        filename: 'valores-uf.csv',
        columns: [
          { header: 'Fecha', value: (v) => v.validOn },
          { header: 'Valor', value: (v) => v.value.toFixed(2).replace('.', ',') },
        ],
      }}
    />
  );
}
