import { useEffect } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { SelectBox } from '../../../shared/ui/SelectBox';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { comunasRequested, regionsRequested } from '../locations/locationsSlice';

export interface Place {
  locationFk: number | null;
  location: number | null;
  nearLocations: boolean;
}

/** Region, comuna and "also nearby comunas": where the patient wants to be attended. */
export function PlacePicker({ value, onChange, withNear = true }: { value: Place; onChange: (place: Place) => void; /** The profile keeps a comuna, not its neighbours. */ withNear?: boolean }) {
  const dispatch = useAppDispatch();
  const { regions, regionsStatus, comunasByRegion, comunasStatus } = useAppSelector((state) => state.locations);

  useEffect(() => {
    if (regionsStatus === 'idle') dispatch(regionsRequested());
  }, [dispatch, regionsStatus]);
  useEffect(() => {
    if (value.locationFk !== null && !comunasByRegion[value.locationFk]) dispatch(comunasRequested(value.locationFk));
  }, [dispatch, value.locationFk, comunasByRegion]);

  const comunas = value.locationFk === null ? [] : (comunasByRegion[value.locationFk] ?? []);
  return (
    <>
      <span className="cl-field">
        <label htmlFor="region">Región</label>
        <SelectBox
          inputId="region"
          value={value.locationFk}
          options={regions}
          optionLabel="name"
          optionValue="id"
          placeholder={regionsStatus === 'loading' ? 'Cargando regiones…' : 'Elige una región'}
          onChange={(e) => onChange({ locationFk: e.value as number, location: null, nearLocations: value.nearLocations })}
        />
      </span>
      <span className="cl-field">
        <label htmlFor="comuna">Comuna</label>
        <SelectBox
          inputId="comuna"
          value={value.location}
          options={comunas}
          optionLabel="name"
          optionValue="id"
          filter
          pt={{ filterInput: { 'aria-label': 'Buscar comuna' } }}
          disabled={value.locationFk === null}
          showClear={value.location !== null}
          placeholder={value.locationFk !== null && comunasStatus === 'loading' ? 'Cargando comunas…' : 'Todas las comunas'}
          onChange={(e) => {
            const location = (e.value as number | undefined) ?? null;
            onChange({ ...value, location });
            // Cleared with its ✕ (which then disappears): focus stays on the comuna, not on <body>.
            if (location === null) requestAnimationFrame(() => document.getElementById('comuna')?.focus());
          }}
        />
      </span>
      {withNear && <span className="cl-check">
        <Checkbox inputId="near" checked={value.nearLocations} disabled={value.location === null} onChange={(e) => onChange({ ...value, nearLocations: !!e.checked })} />
        <label htmlFor="near">Incluir comunas vecinas</label>
      </span>}
    </>
  );
}
