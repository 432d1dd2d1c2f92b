import { useAppSelector } from '../../app/store';
import { PageLoading } from './PageLoading';

export function NetworkProgress() {
  const loading = useAppSelector((state) => state.network.inFlight > 0);
  return <div className="cl-progress-slot">{loading && <PageLoading />}</div>;
}
