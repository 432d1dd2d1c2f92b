import { searchExams } from '../../../api/lookups';
import { dataProvider } from '../../../api/dataProvider';
import { shortExamName } from '../../../app/format';
import { FormShell } from '../../crud/FormShell';
import { DateInput, ImageInput, LookupInput, MultiLookupInput } from '../../crud/commerceInputs';
import { MoneyInput, SelectInput, SwitchInput, TextAreaInput, TextInput } from '../../crud/inputs';
import { useCategoryOptions } from '../categories/CategoryForm';
import { branchLabel, emptyProduct, productInput, productValues, validateProduct } from './schema';

const findBranches = async (term: string) =>
  (await dataProvider.getList('laboratories', { name: term.trim() || undefined, perPage: 20 })).items.map((lab) => ({ id: lab.id, label: `${branchLabel(lab)} · ${lab.company.tradeName}` }));

const findExams = async (term: string) =>
  (await searchExams(term, 15)).map((exam) => ({ id: exam.id, label: `${shortExamName(exam.name)} (${exam.codeDotted})` }));

function ProductFields() {
  const categories = useCategoryOptions();
  return (
    <>
      <div className="cl-form__row">
        <TextInput source="code" label="Código" maxLength={60} placeholder="PACK-PREV-01" hint="Único; letras, dígitos y guiones." />
        <SelectInput source="categoryId" label="Categoría" options={categories ?? []} loading={!categories} />
      </div>
      <TextInput source="name" label="Nombre" maxLength={200} placeholder="Chequeo preventivo" />
      <TextAreaInput source="description" label="Descripción y preparación" maxLength={4000} hint="Qué incluye y cómo prepararse (ayuno, horario)." />
      <LookupInput source="laboratoryId" label="Sucursal donde se toma" search={findBranches} hint="Escribe parte del nombre de la sucursal." />
      <MultiLookupInput source="examIds" label="Exámenes incluidos" search={findExams} hint="Escribe el nombre, la sigla o el código FONASA de cada examen." />
      <div className="cl-form__row">
        <MoneyInput source="price" label="Precio" />
        <MoneyInput source="netPrice" label="Precio neto (sin IVA)" hint="Vacío: igual al precio (los exámenes están exentos de IVA)." />
      </div>
      <fieldset className="cl-levels">
        <legend>Oferta</legend>
        <MoneyInput source="offerPrice" label="Precio de oferta" hint="Vacío: sin oferta." />
        <div className="cl-form__row">
          <DateInput source="offerStartsAt" label="Oferta desde" hint="Vacío: desde ya." />
          <DateInput source="offerEndsAt" label="Oferta hasta (inclusive)" hint="Vacío: sin término." />
        </div>
      </fieldset>
      <ImageInput source="coverFileId" previewSource="cover" label="Imagen de portada" hint="Horizontal, idealmente de 1280 × 720 px. JPEG, PNG o WebP, hasta 10 MB." />
      <div className="cl-form__row">
        <SwitchInput source="isNew" label="Marcar como nuevo" hint="Aparece en la lista de paquetes nuevos." />
        <SwitchInput source="isActive" label="A la venta" hint="Si no, no se muestra en la tienda." />
      </div>
    </>
  );
}

export function ProductCreate() {
  return (
    <FormShell resource="products" title="Nuevo producto" listPath="/app/products" empty={emptyProduct} fromRecord={productValues} toInput={productInput} validate={validateProduct} redirect={(p) => `/app/products/view/${p.id}`} savedMessage="Creamos el producto.">
      <ProductFields />
    </FormShell>
  );
}

export function ProductEdit({ id }: { id: number }) {
  return (
    <FormShell resource="products" id={id} title="Editar producto" listPath="/app/products" empty={emptyProduct} fromRecord={productValues} toInput={productInput} validate={validateProduct} redirect={(p) => `/app/products/view/${p.id}`} savedMessage="Guardamos el producto.">
      <ProductFields />
    </FormShell>
  );
}
