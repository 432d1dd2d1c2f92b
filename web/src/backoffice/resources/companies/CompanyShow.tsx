import { AuditTimeline } from '../../crud/AuditTimeline';
import { ShowShell } from '../../crud/ShowShell';
import { CompanyDecision } from './CompanyDecision';
import { CompanyDetails, CompanyStatusMessage } from './CompanyDetails';

/** /app/company/view/{id}: the company, its status (with the rejection reason) and branches; approve or reject. */
export default function CompanyShow({ id }: { id: number }) {
  return (
    <ShowShell resource="companies" id={id} listPath="/app/company" title={(c) => c.tradeName} extraActions={(c) => <CompanyDecision company={c} />}>
      {(company) => (
        <>
          <CompanyStatusMessage company={company} own={false} />
          <CompanyDetails company={company} />
          <AuditTimeline entityType="Company" entityId={company.id} />
        </>
      )}
    </ShowShell>
  );
}
