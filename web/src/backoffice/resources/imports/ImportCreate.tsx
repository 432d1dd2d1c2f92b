import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ImportKind } from '@contracts';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { useAppSelector } from '../../../app/store';
import { describedBy, FormField } from '../../../shared/ui/FormField';
import { useCompanies, useMutations } from '../../crud/hooks';
import { PageHeader } from '../../crud/PageHeader';
import { DownloadPriceList } from './DownloadPriceList';
import { TemplateLinks } from './TemplateLinks';
import { BASE, formatSize, isKind, KIND_HINTS, KIND_LABELS, kindsFor } from './schema';

/** The API's limits, told before the file is chosen (it answers the same with a clear error). */
const LIMITS = 'CSV (separado por coma o punto y coma) o Excel (.xlsx), hasta 20 MB y 200.000 filas.';

/**
 * /app/imports/new?kind=laboratory-exam: choose a file and send it for review. Nothing is imported
 * here: the API validates every row and the next screen shows what would happen, to confirm.
 * `companyId` in the address preselects an administrator's company (from a branch's prices tab).
 */
export default function ImportCreate() {
  const [params] = useSearchParams();
  const profile = useAppSelector((state) => state.auth.person?.profile.code);
  const isAdmin = profile === 'ADM';
  const kinds = kindsFor(profile);
  const requested = params.get('kind');
  const [kind, setKind] = useState<ImportKind>(isKind(requested) && kinds.includes(requested) ? requested : 'laboratory-exam');
  const [companyId, setCompanyId] = useState<number | null>(Number(params.get('companyId')) || null);
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const companies = useCompanies(isAdmin);
  const { listStale } = useMutations('imports');
  const navigate = useNavigate();
  const needsCompany = isAdmin && kind !== 'exam';
  const isExcel = file !== null && /\.xlsx$/i.test(file.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!file) found.file = 'Elige el archivo que quieres importar.';
    if (needsCompany && !companyId) found.companyId = 'Elige la empresa de la que importas datos.';
    setErrors(found);
    setFailure(null);
    if (!file || Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const dryRun = await dataProvider.uploadImport(kind, file, { ...(needsCompany && companyId ? { companyId } : {}), ...(isExcel && sheet.trim() ? { sheet: sheet.trim() } : {}) });
      listStale();
      navigate(`${BASE}/view/${dryRun.import.id}`);
    } catch (caught) {
      const answer = asApiError(caught);
      setErrors(answer.fieldErrors);
      // A file the API cannot read at all is told as a whole, not beside a field.
      if (Object.keys(answer.fieldErrors).length === 0) setFailure(answer.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHeader title="Nueva importación" back={{ to: BASE, label: 'Volver a las importaciones' }} />
      <form className="cl-panel cl-form cl-import-upload" onSubmit={(e) => void submit(e)} noValidate aria-label="Importar un archivo">
        <FormField id="import-kind" label="Qué importas" hint={KIND_HINTS[kind]}>
          <SelectBox inputId="import-kind" value={kind} options={kinds.map((k) => ({ label: KIND_LABELS[k], value: k }))} onChange={(e) => setKind(e.value as ImportKind)} {...describedBy('import-kind', undefined, KIND_HINTS[kind])} />
        </FormField>
        {needsCompany && (
          <FormField id="import-companyId" label="Empresa" error={errors.companyId}>
            <SelectBox
              inputId="import-companyId"
              value={companyId}
              options={(companies ?? []).map((c) => ({ label: c.tradeName, value: c.id }))}
              onChange={(e) => setCompanyId(e.value as number)}
              placeholder={companies ? 'Elige la empresa' : 'Cargando…'}
              filter
              invalid={Boolean(errors.companyId)}
              {...describedBy('import-companyId', errors.companyId)}
            />
          </FormField>
        )}
        <FormField id="import-file" label="Archivo" error={errors.file} hint={LIMITS}>
          {/* The browser's own picker speaks the browser's language: ours says it in Spanish. */}
          <div className="cl-file-pick">
            <input
              id="import-file"
              type="file"
              className="cl-file-pick__input"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              {...describedBy('import-file', errors.file, LIMITS)}
            />
            <label htmlFor="import-file" className="p-button p-button-outlined cl-file-pick__button" aria-hidden="true">
              <i className="pi pi-paperclip" /> Elegir archivo
            </label>
            <span className={file ? 'cl-file-pick__name' : 'cl-file-pick__name cl-muted'}>{file ? `${file.name} (${formatSize(file.size)})` : 'Ningún archivo elegido'}</span>
          </div>
        </FormField>
        {isExcel && (
          <FormField id="import-sheet" label="Hoja del Excel (opcional)" error={errors.sheet} hint="Si la dejas en blanco, leemos la primera hoja.">
            <InputText id="import-sheet" value={sheet} maxLength={100} onChange={(e) => setSheet(e.target.value)} {...describedBy('import-sheet', errors.sheet, 'Si la dejas en blanco, leemos la primera hoja.')} />
          </FormField>
        )}
        {failure && <Message severity="error" className="cl-block" text={failure} />}
        <TemplateLinks kind={kind} />
        {kind === 'laboratory-exam' && (
          <p className="cl-import-templates">
            <span>¿Ya publicas precios? Parte de tu lista actual:</span>
            <DownloadPriceList companyId={companyId ?? undefined} compact />
          </p>
        )}
        <div className="cl-form__actions">
          <Button type="submit" label="Revisar el archivo" icon="pi pi-search" loading={sending} />
        </div>
      </form>
    </>
  );
}
