import { ProgressBar } from 'primereact/progressbar';

/** The 2 px line shown while a page chunk or an API request is loading (spec §9). */
export function PageLoading() {
  return <ProgressBar mode="indeterminate" className="cl-progress" aria-label="Cargando" />;
}
