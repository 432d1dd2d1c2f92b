import { Button } from 'primereact/button';
import type { ImportKind } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { useNotify } from '../../crud/hooks';

/** The import's template, with its headers and one example row, in both formats. */
export function TemplateLinks({ kind }: { kind: ImportKind }) {
  const notify = useNotify();
  const download = (format: 'csv' | 'xlsx') =>
    dataProvider.downloadImportTemplate(kind, format).catch((failure) => notify({ severity: 'error', summary: asApiError(failure).message }));
  return (
    <p className="cl-import-templates">
      <span>¿Primera vez? Parte de la plantilla:</span>
      <Button type="button" label="Plantilla Excel" icon="pi pi-file-excel" text size="small" onClick={() => void download('xlsx')} />
      <Button type="button" label="Plantilla CSV" icon="pi pi-file" text size="small" onClick={() => void download('csv')} />
    </p>
  );
}
