import { useState } from 'react';
import { Button } from 'primereact/button';
import { asApiError } from '../../../api/client';
import { dataProvider, type ListOf, type ResourceName } from '../../../api/dataProvider';
import { downloadFile, toCsv } from '../../../shared/csv';
import { useNotify } from '../hooks';
import type { ListController } from './useListController';

/** Exports page through the list at the API's largest page. */
const EXPORT_PAGE = 100;

export interface CsvExport<T> {
  filename: string;
  columns: { header: string; value: (row: T) => string | number | null | undefined }[];
}

/** The export view of a list controller: "Exportar CSV" of the whole filtered list, every page of it. */
export function ExportButton<R extends ResourceName>({ list, csv, noun }: { list: ListController<R>; csv: CsvExport<ListOf<R>>; noun: { one: string; many: string } }) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: ListOf<R>[] = [];
      for (let current = 1, last = 1; current <= last; current += 1) {
        const answer = await dataProvider.getList(list.resource, { ...list.query, currentPage: current, perPage: EXPORT_PAGE });
        rows.push(...answer.items);
        last = answer.lastPage;
      }
      downloadFile(csv.filename, toCsv(rows, csv.columns));
      notify({ severity: 'success', summary: `Exportamos ${rows.length.toLocaleString('es-CL')} ${rows.length === 1 ? noun.one : noun.many}.` });
    } catch (error) {
      notify({ severity: 'error', summary: asApiError(error).message });
    } finally {
      setExporting(false);
    }
  };
  return <Button label="Exportar CSV" icon="pi pi-download" outlined onClick={() => void exportCsv()} loading={exporting} disabled={!list.loaded || list.total === 0} />;
}
