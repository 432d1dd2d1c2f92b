import { useEffect, useRef, useState } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { SelectBox } from '../../shared/ui/SelectBox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useStore } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { Pager } from '../layout/Pager';
import { useAppDispatch, useAppSelector, type RootState } from '../../app/store';
import { formatClp, formatClpCents, formatDay, formatUf } from '../../app/format';
import { ExamPicker, type PickedExam } from '../features/search/ExamPicker';
import { OrderReader } from '../features/order-reader/OrderReader';
import { InsurerPicker } from '../features/search/InsurerPicker';
import { PlacePicker } from '../features/search/PlacePicker';
import { payerOf } from '../features/search/payer';
import { QuoteCard } from '../features/search/QuoteCard';
import { PreparationPanel } from '../features/search/PreparationPanel';
import { SplitOfferPanel } from '../features/search/SplitOfferPanel';
import { SaveOrderButton } from '../features/saved-orders/SaveOrderButton';
import { EMPTY_FILTER, filterFromUrl, filterToUrl, type QuoteFilter } from '../features/search/quoteFilter';
import { CoveringPackages } from '../features/products/CoveringPackages';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useHydrated } from '../../shared/ui/useHydrated';
import { LoadError } from '../../shared/ui/LoadError';
import {
  examNamed, filterChanged, filterCleaned, filterRestored, insurerCleaned, locationCleaned, pageChanged, type FacetCount,
} from '../features/search/searchSlice';

const ORDERINGS: { label: string; orderBy: QuoteFilter['orderBy']; orderSort: QuoteFilter['orderSort'] }[] = [
  // What the patient pays in all, the visit's fees included: the default of an order.
  { label: 'Menor a pagar', orderBy: 'toPay', orderSort: 'asc' },
  { label: 'Menor total', orderBy: 'total', orderSort: 'asc' },
  { label: 'Menor copago', orderBy: 'copay', orderSort: 'asc' },
  { label: 'Más cercano', orderBy: 'distance', orderSort: 'asc' },
  { label: 'Nombre (A-Z)', orderBy: 'identifierName', orderSort: 'asc' },
  { label: 'Nombre (Z-A)', orderBy: 'identifierName', orderSort: 'desc' },
  { label: 'Mayor total', orderBy: 'total', orderSort: 'desc' },
];

export default function SearchPage() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [params, setParams] = useSearchParams();
  const { filter, page, results, status, error, scroll, examNames, examTyped } = useAppSelector((state) => state.search);
  const comunasByRegion = useAppSelector((state) => state.locations.comunasByRegion);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The phone's "Filtros" opens the filters only once the app has the page: until then it keeps its place, unseen.
  const hydrated = useHydrated();
  const resultsRef = useRef<HTMLElement>(null);

  // The address bar holds the filter: a reload, a shared link or the back button restores it.
  useEffect(() => {
    const fromUrl = filterFromUrl(params);
    // The store as it is now, not as it was rendered: on a slow phone the first search may have started between the
    // render and this effect, and restoring the same filter again would cancel it.
    const { filter: current, page: currentPage, status: currentStatus } = store.getState().search;
    if (currentStatus === 'idle' || filterToUrl(fromUrl.filter, fromUrl.page) !== filterToUrl(current, currentPage)) dispatch(filterRestored(fromUrl));
    // Only the address bar drives this effect, not the store it writes to.
  }, [params]);

  /** Applies a filter action (spec §4) and writes the resulting filter to the address bar. */
  const act = (action: UnknownAction, options: { replace?: boolean } = {}) => {
    dispatch(action);
    const next = store.getState().search;
    setParams(filterToUrl(next.filter, next.page), { replace: options.replace });
  };

  // After a search, bring the results into view when they are out of it (phones: below the filters).
  useEffect(() => {
    if (status !== 'loaded' || !scroll || !resultsRef.current) return;
    // Not while the person is typing the order's exams: the view would leave the box they are in.
    if (document.activeElement?.id === 'exams') return;
    const top = resultsRef.current.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) resultsRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [status, scroll]);

  const ordered = filter.exams.length > 0;
  const facets = results?.facets;
  const comunaName = (id: number) => facets?.comunas.find((c) => c.id === id)?.name ?? Object.values(comunasByRegion).flat().find((c) => c.id === id)?.name;
  // Without exams there is nothing to pay: the default ordering lists by name, as the API does.
  const orderBy = !ordered && filter.orderBy === 'toPay' ? 'identifierName' : filter.orderBy;
  // What "Descargar cotización" and "Compartir" keep: the order (with its words), the previsión and the plan.
  const keep = { exams: filter.exams, pensionHealtInstitutionId: filter.pensionHealtInstitutionId, coveragePercentage: filter.coveragePercentage, coverageCapUf: filter.coverageCapUf, pediatric: filter.pediatric, typed: examTyped };
  const ordering = ORDERINGS.find((o) => o.orderBy === orderBy && o.orderSort === filter.orderSort) ?? ORDERINGS.find((o) => o.orderBy === 'distance')!;
  const exams = filter.exams.map((id) => ({ id, name: examNames[id] ?? '…', ...(examTyped[id] && { typed: examTyped[id] }) }));
  const insurers = useAppSelector((state) => state.search.insurers);
  const insurer = insurers.find((i) => i.id === filter.pensionHealtInstitutionId);
  const payer = payerOf(insurer);
  // A branch takes FONASA or not, whatever the tramo: the card names FONASA itself.
  const insurerName = insurer?.type === 'public' ? 'FONASA' : insurer?.name;
  // The order follows the patient to the laboratory's page.
  const orderQuery = ordered ? filterToUrl({ ...EMPTY_FILTER, exams: filter.exams, pensionHealtInstitutionId: filter.pensionHealtInstitutionId, coveragePercentage: filter.coveragePercentage, coverageCapUf: filter.coverageCapUf, pediatric: filter.pediatric }) : undefined;
  const regionName = useAppSelector((state) => state.locations.regions.find((r) => r.id === filter.locationFk)?.name);
  // On a phone the filters fold away: one line says what is being quoted.
  const added = filter.addedComunas.map((id) => comunaName(id)).filter(Boolean);
  const place = filter.location !== null ? `${[comunaName(filter.location) ?? '', ...added].join(', ')}${filter.nearLocations ? ' y comunas vecinas' : ''}` : null;
  const summary = [exams.map((e) => e.name).join(', '), place, insurer?.name].filter(Boolean).join(' · ');
  usePageTitle(exams.length > 0 ? `Cotización: ${exams.map((e) => e.name).join(', ').slice(0, 80)}${place ? ` en ${place}` : ''}` : 'Cotiza tu orden médica');
  /** The order's exams, picked in the box or read from the order: named for the chips, then quoted. */
  const pickExams = (picked: PickedExam[]) => {
    dispatch(examNamed(picked));
    act(filterChanged({ exams: picked.map((e) => e.id) }));
  };
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((v) => v !== id) : [...list, id]);

  return (
    <div className="cl-container cl-search">
      <h1 className="cl-page-title">Cotiza tu orden médica</h1>
      {summary && <p className="cl-search__summary">{summary}</p>}
      <Button
        className="cl-search__filters-toggle"
        label={filtersOpen ? 'Ocultar filtros' : 'Filtros'}
        icon="pi pi-filter"
        outlined
        aria-expanded={filtersOpen}
        aria-controls="filtros"
        style={hydrated ? undefined : { visibility: 'hidden' }}
        onClick={() => setFiltersOpen(!filtersOpen)}
      />
      <div className="cl-search__layout">
        <aside id="filtros" className={`cl-search__filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filtros">
          <div className="cl-field">
            <label htmlFor="exams">Exámenes</label>
            <ExamPicker id="exams" value={exams} onChange={pickExams} />
            <OrderReader value={exams} onChange={pickExams} />
          </div>
          <PlacePicker value={filter} onChange={(place) => act(filterChanged(place))} />
          {filter.locationFk !== null && (
            <Button
              label="Limpiar ubicación"
              icon="pi pi-times"
              text
              size="small"
              onClick={() => {
                act(locationCleaned());
                // The button goes away with the place: focus stays in the place, on the region.
                requestAnimationFrame(() => document.getElementById('region')?.focus());
              }}
            />
          )}
          {/* The results are many Tab stops away on a keyboard: one jump, shown when focused. */}
          <a
            href="#resultados"
            className="cl-skip-results"
            onClick={(event) => {
              event.preventDefault();
              document.getElementById('resultados')?.focus();
            }}
          >
            Saltar a los resultados
          </a>
          <InsurerPicker value={filter} onChange={(coverage) => act(filterChanged(coverage), { replace: coverage.coveragePercentage !== filter.coveragePercentage || coverage.coverageCapUf !== filter.coverageCapUf })} />
          {filter.pensionHealtInstitutionId !== null && <Button label="Limpiar previsión" icon="pi pi-times" text size="small" onClick={() => act(insurerCleaned())} />}
          <div className="cl-field">
            <label htmlFor="laboratoryName">Nombre del laboratorio</label>
            <InputText id="laboratoryName" value={filter.laboratoryName} maxLength={200} onChange={(e) => act(filterChanged({ laboratoryName: e.target.value }), { replace: true })} />
          </div>
          <div className="cl-check" data-testid="home-collection-option">
            <Checkbox inputId="homeCollection" checked={filter.homeCollection} onChange={(e) => act(filterChanged({ homeCollection: Boolean(e.checked) }))} />
            <label htmlFor="homeCollection">Toma de muestra en mi domicilio (suma su costo)</label>
            {filter.homeCollection && filter.location === null && <small className="cl-field__hint">Elige tu comuna para ver quién va a tu domicilio.</small>}
          </div>
          <div className="cl-check">
            <Checkbox inputId="pediatric" checked={filter.pediatric} onChange={(e) => act(filterChanged({ pediatric: Boolean(e.checked) }))} />
            <label htmlFor="pediatric">Los exámenes son para un niño o niña (toma de muestra pediátrica)</label>
          </div>
          {/* At home the comuna is where the home is: adding comunas would change nothing. */}
          {facets && facets.comunas.length > 0 && !filter.homeCollection && (
            <FacetGroup
              title="Comunas"
              items={facets.comunas}
              isChecked={(c) => c.id === filter.location || (filter.location !== null && filter.nearLocations) || filter.addedComunas.includes(c.id)}
              // The patient's comuna stays: the facet adds comunas to it ("Limpiar ubicación" clears it).
              isDisabled={(c) => c.id === filter.location}
              onToggle={(c) => {
                if (filter.location === null) act(filterChanged({ location: c.id }));
                else if (filter.nearLocations) act(filterChanged({ nearLocations: false, addedComunas: facets.comunas.map((x) => x.id).filter((id) => id !== filter.location && id !== c.id) }));
                else act(filterChanged({ addedComunas: toggle(filter.addedComunas, c.id) }));
              }}
            />
          )}
          {facets && facets.filterValues.length > 0 && (
            <FacetGroup title="Servicios y medios de pago" items={facets.filterValues} isChecked={(v) => filter.attributesValues.includes(v.id)} onToggle={(v) => act(filterChanged({ attributesValues: toggle(filter.attributesValues, v.id) }))} />
          )}
          <Button label="Limpiar filtros" icon="pi pi-filter-slash" outlined size="small" onClick={() => act(filterCleaned())} />
        </aside>

        <section ref={resultsRef} id="resultados" tabIndex={-1} className="cl-search__results" aria-labelledby="results-title" aria-busy={status === 'loading'}>
          {/* The count, said to screen readers once the search has settled. */}
          <p className="cl-sr-only" aria-live="polite" aria-atomic="true">
            {results && status !== 'loading' ? `${results.total.toLocaleString('es-CL')} ${results.total === 1 ? 'laboratorio encontrado' : 'laboratorios encontrados'}` : ''}
          </p>
          <div className="cl-search__bar">
            <h2 id="results-title" className="cl-search__count">
              {results
                ? `${results.total.toLocaleString('es-CL')} ${results.total === 1 ? 'laboratorio' : 'laboratorios'}${results.total === 0 && place ? ` en ${place}` : ''}`
                : 'Buscando laboratorios…'}
            </h2>
            <span className="cl-field cl-field--inline">
              <label htmlFor="ordering">Ordenar por</label>
              <SelectBox
                inputId="ordering"
                value={ordering.label}
                options={ORDERINGS.filter((o) => (o.orderBy === 'distance' ? filter.location !== null : ordered || o.orderBy === 'identifierName')).map((o) => o.label)}
                onChange={(e) => {
                  const chosen = ORDERINGS.find((o) => o.label === e.value)!;
                  act(filterChanged({ orderBy: chosen.orderBy, orderSort: chosen.orderSort }));
                }}
              />
            </span>
          </div>
          <SaveOrderButton filter={filter} />
          {!ordered && status !== 'failed' && (
            <Message severity="info" className="cl-block" text="Agrega los exámenes de tu orden médica para ver el precio total y tu copago en cada laboratorio." />
          )}
          {ordered && filter.coveragePercentage === null && payer === 'ISAPRE' && (
            <Message severity="info" className="cl-block" text="Indica el porcentaje de cobertura de tu plan para estimar tu copago." />
          )}
          {ordered && payer === 'FONASA_A' && (
            <Message
              severity="info"
              className="cl-block"
              text="Con FONASA tramo A tus exámenes son gratis en la red pública: pídelos en tu CESFAM (consultorio) u hospital con tu orden médica. El tramo A no compra bonos en laboratorios privados; si prefieres uno, aquí ves sus precios particulares."
            />
          )}
          {status === 'failed' && (
            <LoadError message={error ?? 'No pudimos buscar laboratorios.'} retry={() => dispatch(filterRestored(filterFromUrl(params)))} />
          )}
          {results && results.items.length === 0 && status !== 'failed' && (
            <div className="cl-empty" data-testid="no-results">
              <i className="pi pi-search" aria-hidden="true" />
              <p>
                {place && results.nearest && results.nearest.length > 0
                  ? `No hay laboratorios en ${place} que coticen tu orden. Estos son los más cercanos:`
                  : 'No encontramos laboratorios con estos filtros.'}
              </p>
              <div className="cl-empty__actions">
                {filter.location !== null && !filter.nearLocations && <Button label="Incluir comunas vecinas" text onClick={() => act(filterChanged({ nearLocations: true }))} />}
                {filter.location !== null && filter.locationFk !== null && (
                  <Button label={`Ver toda la región${regionName ? ` de ${regionName}` : ''}`} text onClick={() => act(filterChanged({ location: null, nearLocations: false }))} />
                )}
                {/* Keeps the order and the person's data (place, previsión): they are what the person came with. */}
                <Button label="Limpiar filtros" text onClick={() => act(filterCleaned())} />
              </div>
            </div>
          )}
          {results && results.items.length === 0 && results.nearest && results.nearest.length > 0 && <h3 className="cl-section-title">Los más cercanos</h3>}
          {results && results.items.length === 0 && results.nearest?.map((quote) => (
            <QuoteCard key={quote.laboratoryId} quote={quote} examNames={examNames} comunaName={comunaName(quote.comunaId)} payer={payer} insurerName={insurerName} ordered={ordered} orderQuery={orderQuery} coveragePercentage={filter.coveragePercentage} coverageCapUf={filter.coverageCapUf} keep={keep} priceStats={results?.priceStats} />
          ))}
          {ordered && results?.split && <SplitOfferPanel split={results.split} examNames={examNames} filter={filter} />}
          {ordered && status !== 'failed' && <CoveringPackages />}
          {results?.items.map((quote) => (
            <QuoteCard key={quote.laboratoryId} quote={quote} examNames={examNames} comunaName={comunaName(quote.comunaId)} payer={payer} insurerName={insurerName} ordered={ordered} orderQuery={orderQuery} coveragePercentage={filter.coveragePercentage} coverageCapUf={filter.coverageCapUf} keep={keep} priceStats={results?.priceStats} />
          ))}
          {results?.uf && (
            <p className="cl-muted" data-testid="uf-note">
              Tope de tu plan: {formatUf(filter.coverageCapUf ?? 0)} por examen = {formatClp(results.uf.capPesos)} (UF al {formatDay(results.uf.validOn)}: {formatClpCents(results.uf.value)}).
            </p>
          )}
          {/* The same at every laboratory: after the quotes, which are what the person came for. */}
          {ordered && results?.preparation && (results.items.length > 0 || (results.nearest?.length ?? 0) > 0) && <PreparationPanel preparation={results.preparation} />}
          {results && results.lastPage > 1 && (
            <Pager
              first={(page - 1) * results.perPage}
              rows={results.perPage}
              totalRecords={results.total}
              onPageChange={(e) => act(pageChanged(e.page + 1))}
              aria-label="Páginas de resultados"
            />
          )}
        </section>
      </div>
    </div>
  );
}

function FacetGroup({ title, items, isChecked, isDisabled, onToggle }: {
  title: string; items: FacetCount[]; isChecked: (item: FacetCount) => boolean; isDisabled?: (item: FacetCount) => boolean; onToggle: (item: FacetCount) => void;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, 8);
  return (
    <fieldset className="cl-facet">
      <legend>{title}</legend>
      {shown.map((item) => (
        <span key={item.id} className="cl-check">
          <Checkbox inputId={`facet-${title}-${item.id}`} checked={isChecked(item)} disabled={isDisabled?.(item)} onChange={() => onToggle(item)} />
          <label htmlFor={`facet-${title}-${item.id}`}>
            {item.name} <span className="cl-muted">({item.count})</span>
          </label>
        </span>
      ))}
      {items.length > 8 && <Button text size="small" label={all ? 'Ver menos' : `Ver ${items.length - 8} más`} onClick={() => setAll(!all)} />}
    </fieldset>
  );
}
