import { Link } from 'react-router-dom';

export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className={`cl-logo${compact ? ' cl-logo--compact' : ''}`} aria-label="CotizaLab, ir al inicio">
      <img src="/favicon.svg" alt="" width={compact ? 25 : 36} height={compact ? 25 : 36} />
      {!compact && (
        <span>
          Cotiza<strong>Lab</strong>
        </span>
      )}
    </Link>
  );
}
