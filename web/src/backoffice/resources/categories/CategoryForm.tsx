import { useEffect, useState } from 'react';
import type { CategoryView } from '@contracts';
import { dataProvider } from '../../../api/dataProvider';
import { FormShell } from '../../crud/FormShell';
import { ImageInput } from '../../crud/commerceInputs';
import { NumberInput, SelectInput, SwitchInput, TextAreaInput, TextInput } from '../../crud/inputs';
import { categoryInput, categoryValues, emptyCategory, validateCategory } from './schema';

/** Every category, for a parent or a product's category: read once per screen. */
export function useCategoryOptions(exceptId?: number) {
  const [categories, setCategories] = useState<CategoryView[] | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider.getList('categories', { perPage: 100, orderBy: 'name', orderSort: 'asc' }).then((page) => current && setCategories(page.items), () => current && setCategories([]));
    return () => {
      current = false;
    };
  }, []);
  return categories && categories.filter((c) => c.id !== exceptId).map((c) => ({ label: c.isActive ? c.name : `${c.name} (inactiva)`, value: c.id }));
}

function CategoryFields({ id }: { id?: number }) {
  const parents = useCategoryOptions(id);
  return (
    <>
      <TextInput source="name" label="Nombre" maxLength={120} />
      <TextAreaInput source="description" label="Descripción" maxLength={1000} />
      <div className="cl-form__row">
        <SelectInput source="parentId" label="Categoría superior" options={parents ?? []} loading={!parents} hint="Opcional." />
        <NumberInput source="sortOrder" label="Orden" hint="Las menores aparecen primero." max={10000} />
      </div>
      <ImageInput source="coverFileId" previewSource="cover" label="Imagen de portada" />
      <SwitchInput source="isActive" label="Activa" hint="Una categoría inactiva no se muestra en la tienda." />
    </>
  );
}

export function CategoryCreate() {
  return (
    <FormShell resource="categories" title="Nueva categoría" listPath="/app/categories" empty={emptyCategory} fromRecord={categoryValues} toInput={categoryInput} validate={validateCategory} redirect={(c) => `/app/categories/view/${c.id}`} savedMessage="Creamos la categoría.">
      <CategoryFields />
    </FormShell>
  );
}

export function CategoryEdit({ id }: { id: number }) {
  return (
    <FormShell resource="categories" id={id} title="Editar categoría" listPath="/app/categories" empty={emptyCategory} fromRecord={categoryValues} toInput={categoryInput} validate={validateCategory} redirect={(c) => `/app/categories/view/${c.id}`} savedMessage="Guardamos la categoría.">
      <CategoryFields id={id} />
    </FormShell>
  );
}
