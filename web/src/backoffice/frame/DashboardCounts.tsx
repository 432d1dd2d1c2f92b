import { useEffect, useState } from 'react';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import type { DashboardCounts as Counts } from '@contracts';
import { asApiError } from '../../api/client';
import { backofficeReports } from '../../api/dataProvider';

interface Tile {
  label: string;
  count: number;
  to: string;
  icon: string;
  /** Something waits for someone: shown first and stressed. */
  waiting?: boolean;
}

const tilesFor = (counts: Counts, admin: boolean): Tile[] => [
  { label: admin ? 'Precios por autorizar' : 'Precios en revisión', count: counts.pendingPrices, to: '/app/authorized-examinations', icon: 'pi pi-check-square', waiting: counts.pendingPrices > 0 },
  ...(counts.pendingCompanies !== null ? [{ label: 'Empresas por aprobar', count: counts.pendingCompanies, to: '/app/company?status=PENDING', icon: 'pi pi-briefcase', waiting: counts.pendingCompanies > 0 }] : []),
  ...(!admin ? [{ label: 'Precios rechazados', count: counts.rejectedPrices, to: '/app/authorized-examinations?status=REJECTED', icon: 'pi pi-times-circle', waiting: counts.rejectedPrices > 0 }] : []),
  { label: 'Sucursales', count: counts.laboratories, to: '/app/laboratories', icon: 'pi pi-building' },
  { label: 'Precios autorizados', count: counts.prices, to: '/app/authorized-examinations?status=AUTHORIZED', icon: 'pi pi-tags' },
];

/** The `/app` dashboard: what waits for a decision and the size of the catalogue, each a link to its list. */
export function DashboardCounts({ admin }: { admin: boolean }) {
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    backofficeReports.dashboard().then((found) => current && setCounts(found), (failure) => current && setError(asApiError(failure).message));
    return () => {
      current = false;
    };
  }, []);
  if (error) return <Message severity="error" className="cl-block" text={`No pudimos leer los pendientes: ${error}`} />;
  if (!counts) return <p className="cl-muted" aria-busy="true">Cargando pendientes…</p>;
  return (
    <ul className="cl-dashboard" aria-label="Pendientes y totales">
      {tilesFor(counts, admin).map((tile) => (
        <li key={tile.label}>
          <Link to={tile.to} className={`cl-dashboard__tile${tile.waiting ? ' cl-dashboard__tile--waiting' : ''}`}>
            <i className={tile.icon} aria-hidden="true" />
            <span className="cl-dashboard__count">{tile.count.toLocaleString('es-CL')}</span>
            <span className="cl-dashboard__label">{tile.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
