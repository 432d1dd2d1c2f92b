import { useEffect } from 'react';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { insurersRequested } from './searchSlice';
import { capUf } from './quoteFilter';

export interface Coverage {
  pensionHealtInstitutionId: number | null;
  coveragePercentage: number | null;
  /** The plan's cap per exam, in UF (issue 30). */
  coverageCapUf: number | null;
}

const GROUPS = [
  { label: 'FONASA', test: (type: string) => type === 'public' },
  { label: 'Isapres', test: (type: string) => type !== 'public' },
];

/** The insurer (FONASA and its tramos, or an Isapre) and, for an Isapre, the plan's coverage %. */
export function InsurerPicker({ value, onChange }: { value: Coverage; onChange: (coverage: Coverage) => void }) {
  const dispatch = useAppDispatch();
  const { insurers, insurersStatus } = useAppSelector((state) => state.search);
  useEffect(() => {
    if (insurersStatus === 'idle') dispatch(insurersRequested());
  }, [dispatch, insurersStatus]);

  const grouped = GROUPS.map((g) => ({ label: g.label, items: insurers.filter((i) => g.test(i.type)) })).filter((g) => g.items.length > 0);
  const chosen = insurers.find((i) => i.id === value.pensionHealtInstitutionId);
  const isapre = chosen !== undefined && chosen.type !== 'public';

  return (
    <>
      <span className="cl-field">
        <label htmlFor="insurer">Previsión</label>
        <SelectBox
          inputId="insurer"
          value={value.pensionHealtInstitutionId}
          options={grouped}
          optionGroupLabel="label"
          optionGroupChildren="items"
          optionLabel="name"
          optionValue="id"
          showClear={value.pensionHealtInstitutionId !== null}
          placeholder={insurersStatus === 'loading' ? 'Cargando previsiones…' : 'Sin previsión (particular)'}
          onChange={(e) => onChange({ pensionHealtInstitutionId: (e.value as number | undefined) ?? null, coveragePercentage: null, coverageCapUf: null })}
        />
      </span>
      {isapre && (
        <span className="cl-field">
          <label htmlFor="coverage">Cobertura de tu plan (%)</label>
          {/* A plain numeric field: PrimeReact's InputNumber would add 22 kB (gzip) to the first screen. */}
          <InputText
            id="coverage"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value.coveragePercentage === null ? '' : String(value.coveragePercentage)}
            onChange={(e) => {
              const typed = e.target.value === '' ? null : Math.round(Number(e.target.value));
              onChange({ ...value, coveragePercentage: typed === null || Number.isNaN(typed) ? null : Math.min(100, Math.max(0, typed)) });
            }}
            placeholder="Ej.: 70"
            aria-describedby="coverage-hint"
          />
          <small id="coverage-hint" className="cl-field__hint">El porcentaje de exámenes ambulatorios de tu plan, para estimar tu copago.</small>
        </span>
      )}
      {isapre && (
        <span className="cl-field">
          <label htmlFor="coverage-cap">Tope por examen (UF, opcional)</label>
          <InputText
            id="coverage-cap"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={value.coverageCapUf === null ? '' : String(value.coverageCapUf)}
            onChange={(e) => onChange({ ...value, coverageCapUf: capUf(e.target.value) })}
            placeholder="Ej.: 0,5"
            aria-describedby="coverage-cap-hint"
          />
          <small id="coverage-cap-hint" className="cl-field__hint">Si tu plan tiene un tope por examen de laboratorio, lo aplicamos a cada examen.</small>
        </span>
      )}
    </>
  );
}
