import { useState } from 'react';
import type { Company } from '@contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { asApiError } from '../../../api/client';
import { dataProvider } from '../../../api/dataProvider';
import { confirmAction } from '../../../shared/ui/confirm';
import { describedBy, FormField } from '../../../shared/ui/FormField';
import { useMutations, useNotify } from '../../crud/hooks';

/** Approve, or reject with a reason: both are mailed to the company's users. */
export function CompanyDecision({ company }: { company: Company }) {
  const { saved } = useMutations('companies');
  const notify = useNotify();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const approve = () =>
    confirmAction({
      header: `Aprobar ${company.tradeName}`,
      message: `Sus precios autorizados aparecerán en las cotizaciones y sus usuarios podrán invitar a otros. Les avisaremos por correo.`,
      acceptLabel: 'Aprobar',
      danger: false,
      onAccept: async () => {
        try {
          saved(await dataProvider.decideCompany(company.id, { approve: true }));
          notify({ severity: 'success', summary: `Aprobamos ${company.tradeName}.` });
        } catch (caught) {
          notify({ severity: 'error', summary: asApiError(caught).message });
        }
      },
    });

  const reject = async () => {
    const trimmed = reason.trim();
    if (trimmed.length < 5) {
      setError('Escribe el motivo del rechazo (al menos 5 caracteres): se enviará a la empresa.');
      return;
    }
    setSending(true);
    try {
      saved(await dataProvider.decideCompany(company.id, { approve: false, reason: trimmed }));
      notify({ severity: 'success', summary: `Rechazamos ${company.tradeName}; le enviamos el motivo por correo.` });
      setRejecting(false);
      setReason('');
    } catch (caught) {
      const answer = asApiError(caught);
      setError(answer.fieldErrors.reason ?? answer.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {company.status !== 'APPROVED' && <Button label="Aprobar" icon="pi pi-check" severity="success" onClick={approve} />}
      {company.status !== 'REJECTED' && (
        <Button label={company.status === 'APPROVED' ? 'Retirar aprobación' : 'Rechazar'} icon="pi pi-times" severity="danger" outlined onClick={() => { setError(undefined); setRejecting(true); }} />
      )}
      <Dialog
        header={`Rechazar ${company.tradeName}`}
        visible={rejecting}
        onHide={() => setRejecting(false)}
        className="cl-dialog-reason"
        footer={
          <>
            <Button label="Cancelar" text onClick={() => setRejecting(false)} />
            <Button label="Rechazar" icon="pi pi-times" severity="danger" loading={sending} onClick={() => void reject()} />
          </>
        }
      >
        <p>Sus sucursales y precios dejarán de aparecer en las cotizaciones y sus usuarios solo podrán consultar sus datos. El motivo se envía por correo a la empresa.</p>
        <FormField id="company-reject-reason" label="Motivo del rechazo" error={error} hint="Entre 5 y 500 caracteres.">
          <InputTextarea id="company-reject-reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(undefined); }} rows={4} maxLength={500} autoFocus invalid={Boolean(error)} {...describedBy('company-reject-reason', error, 'Entre 5 y 500 caracteres.')} />
        </FormField>
      </Dialog>
    </>
  );
}
