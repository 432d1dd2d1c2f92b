import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import type { OwnLaboratory } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { useAppSelector } from '../../../app/store';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { useNotify } from '../../crud/hooks';
import './price-list.css';

type Format = 'xlsx' | 'csv';

const FORMATS: { label: string; value: Format }[] = [
  { label: 'Excel (.xlsx)', value: 'xlsx' },
  { label: 'CSV', value: 'csv' },
];

/** "All branches" in the branch select (a real branch id is never 0). */
const ALL = 0;

/** Every branch of the company, page by page (a company may have more than one page of them). */
async function companyBranches(companyId: number | undefined): Promise<OwnLaboratory[]> {
  const branches: OwnLaboratory[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const page = await dataProvider.getList('laboratories', { ...(companyId && { companyId }), perPage: 100, currentPage });
    branches.push(...page.items);
    if (currentPage >= page.lastPage || page.items.length === 0) break;
  }
  return branches.filter((b) => companyId === undefined || b.company.id === companyId).sort((a, b) => (a.branchCode ?? '').localeCompare(b.branchCode ?? '') || a.id - b.id);
}

/**
 * "Descargar mi lista de precios" (issue 27): the company's current prices, of every branch or of one, as the price
 * import's template, to change in Excel and import back (only the rows edited change). `companyId` is the company an
 * administrator looks at (the button waits for one); a provider's is its own. `compact`: a text button, among links.
 */
export function DownloadPriceList({ companyId, compact = false }: { companyId?: number; compact?: boolean }) {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile?.code === 'ADM');
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [branches, setBranches] = useState<OwnLaboratory[] | null>(null);
  const [branch, setBranch] = useState(ALL);
  const [format, setFormat] = useState<Format>('xlsx');
  const [busy, setBusy] = useState(false);
  const company = isAdmin ? companyId : undefined;
  const label = isAdmin ? 'Descargar la lista de precios' : 'Descargar mi lista de precios';

  useEffect(() => {
    if (!open) return;
    let current = true;
    setBranches(null);
    companyBranches(company).then(
      (found) => current && setBranches(found),
      () => current && setBranches([]),
    );
    return () => {
      current = false;
    };
  }, [open, company]);

  const download = async () => {
    setBusy(true);
    try {
      await dataProvider.downloadPriceList({ format, ...(company && { companyId: company }), ...(branch !== ALL && { laboratoryId: branch }) });
      setOpen(false);
    } catch (caught) {
      notify({ severity: 'error', summary: asApiError(caught).message });
    } finally {
      setBusy(false);
    }
  };

  const options = [
    { label: 'Todas las sucursales', value: ALL },
    ...(branches ?? []).map((b) => ({ label: `${b.branchCode ?? `#${b.id}`} · ${b.identifierName}${b.isActive ? '' : ' (cerrada)'}`, value: b.id })),
  ];
  return (
    <>
      <Button label={label} icon="pi pi-download" outlined={!compact} text={compact} size={compact ? 'small' : undefined} disabled={isAdmin && !companyId} onClick={() => setOpen(true)} />
      <Dialog header={label} className="cl-lab-copy" visible={open} onHide={() => setOpen(false)} breakpoints={{ '640px': '95vw' }} style={{ width: '34rem' }}>
        <div className="cl-price-list">
          <p>
            Los precios vigentes (autorizados y pendientes de autorización), con las columnas de la plantilla de importación. Cámbialos en Excel y
            súbelos con «Importar precios»: solo cambian las filas que edites.
          </p>
          <div className="cl-field">
            <label htmlFor="price-list-branch">Sucursal</label>
            <SelectBox inputId="price-list-branch" value={branch} options={options} onChange={(e) => setBranch(e.value as number)} />
          </div>
          <fieldset className="cl-price-list__formats">
            <legend>Formato</legend>
            {FORMATS.map((option) => (
              <span key={option.value} className="cl-price-list__format">
                <RadioButton inputId={`price-list-${option.value}`} name="price-list-format" value={option.value} checked={format === option.value} onChange={() => setFormat(option.value)} />
                <label htmlFor={`price-list-${option.value}`}>{option.label}</label>
              </span>
            ))}
          </fieldset>
          <div className="cl-form__actions">
            <Button label="Descargar" icon="pi pi-download" onClick={() => void download()} loading={busy} />
            <Button label="Cancelar" text onClick={() => setOpen(false)} />
          </div>
        </div>
      </Dialog>
    </>
  );
}
