import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ResourceName } from '../../../api/dataProvider';
import { SelectBox } from '../../../shared/ui/SelectBox';
import type { FilterDef } from './listParams';
import { useTypedFilter, type ListController } from './useListController';

/** The filters view of a list controller: one input per filter, and "Limpiar filtros" once one is set. */
export function FilterForm<R extends ResourceName>({ list, filters, noun }: { list: ListController<R>; filters: FilterDef[]; noun: { many: string } }) {
  return (
    <form className="cl-filters" role="search" aria-label={`Filtrar ${noun.many}`} onSubmit={(e) => e.preventDefault()}>
      {filters.map((f) => (f.type === 'text' ? <TextFilter key={f.name} def={f} list={list} /> : <SelectFilter key={f.name} def={f} list={list} />))}
      {list.filtered && <Button type="button" label="Limpiar filtros" icon="pi pi-filter-slash" text onClick={list.clearFilters} />}
    </form>
  );
}

type FilterProps<R extends ResourceName> = { def: FilterDef; list: ListController<R> };

/** Written to the list once typing pauses (one request, not one per letter). */
function TextFilter<R extends ResourceName>({ def, list }: FilterProps<R>) {
  const [typed, setTyped] = useTypedFilter(list, def.name);
  const id = `filter-${def.name}`;
  return (
    <span className="cl-field cl-filters__field">
      <label htmlFor={id}>{def.label}</label>
      <InputText id={id} value={typed} onChange={(e) => setTyped(e.target.value)} type="search" />
    </span>
  );
}

function SelectFilter<R extends ResourceName>({ def, list }: FilterProps<R>) {
  const id = `filter-${def.name}`;
  const value = list.filterValue(def.name);
  return (
    <span className="cl-field cl-filters__field">
      <label htmlFor={id}>{def.label}</label>
      <SelectBox inputId={id} value={value || null} options={def.options} onChange={(e) => list.setFilter(def.name, e.value ?? null)} showClear={!def.defaultValue} placeholder="Todos" />
    </span>
  );
}
