import { useState } from 'react';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { useSaveOrderForm } from '../../../api/orders';
import { useAppSelector } from '../../../app/store';
import type { QuoteFilter } from '../search/quoteFilter';

/** "Guardar en mis órdenes" on a quote (issue 19): for a signed-in person, to quote it again from /panel. */
export function SaveOrderButton({ filter }: { filter: QuoteFilter }) {
  const signedIn = useAppSelector((state) => state.auth.person !== null);
  const form = useSaveOrderForm();
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const key = JSON.stringify([filter.exams, filter.location, filter.nearLocations, filter.pensionHealtInstitutionId, filter.coveragePercentage]);
  if (!signedIn || filter.exams.length === 0) return null;
  const save = async () => {
    const saved = await form.submit({
      exams: filter.exams, location: filter.location, nearLocations: filter.nearLocations,
      pensionHealtInstitutionId: filter.pensionHealtInstitutionId, coveragePercentage: filter.coveragePercentage,
    });
    if (saved) setSavedKey(key);
  };
  return (
    <p className="cl-save-order" aria-live="polite">
      {savedKey === key ? (
        <>
          <i className="pi pi-check" aria-hidden="true" /> Guardada en <Link to="/panel">tus órdenes</Link>.
        </>
      ) : (
        <Button label="Guardar en mis órdenes" icon="pi pi-bookmark" text size="small" loading={form.submitting} onClick={() => void save()} />
      )}
      {form.error && <span className="p-error"> {form.error}</span>}
    </p>
  );
}
