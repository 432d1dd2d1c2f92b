import { useAppSelector } from '../../app/store';
import { PageLoading } from './PageLoading';

export function NetworkProgress() {
  const loading = useAppSelector((state) => state.network.inFlight > 0);
  // A visual cue only: what loads says so itself (aria-busy), so screen readers skip this bar.
  return <div className="cl-progress-slot" aria-hidden="true">{loading && <PageLoading />}</div>;
}
