import { useAppSelector } from '../../../app/store';
import { ListShell } from '../../crud/ListShell';

const level = (fonasaLevel: number | null) => (fonasaLevel === null ? 'Sin bono' : `Nivel ${fonasaLevel}`);

export default function LaboratoryList() {
  const isAdmin = useAppSelector((state) => state.auth.person?.profile?.code === 'ADM');
  return (
    <ListShell
      resource="laboratories"
      title="Laboratorios"
      basePath="/app/laboratories"
      noun={{ one: 'sucursal', many: 'sucursales' }}
      createLabel="Nueva sucursal"
      importKind="laboratory"
      rowName={(lab) => lab.identifierName}
      filters={[{ name: 'name', label: 'Buscar por nombre', type: 'text' }]}
      columns={[
        { header: 'Código', nowrap: true, body: (lab) => lab.branchCode ?? '' },
        { header: 'Sucursal', body: (lab) => lab.identifierName },
        ...(isAdmin ? [{ header: 'Empresa', body: (lab: { company: { tradeName: string } }) => lab.company.tradeName }] : []),
        { header: 'Dirección', body: (lab) => `${lab.addressLine1}, ${lab.comuna.name}` },
        { header: 'FONASA', nowrap: true, body: (lab) => level(lab.fonasaLevel) },
        { header: 'Publicados', numeric: true, body: (lab) => lab.examCount },
        { header: 'Estado', body: (lab) => <span className={`cl-tag ${lab.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{lab.isActive ? 'Abierta' : 'Cerrada'}</span> },
      ]}
      csv={{
        filename: 'laboratorios.csv',
        columns: [
          { header: 'Código', value: (lab) => lab.branchCode },
          { header: 'Sucursal', value: (lab) => lab.identifierName },
          { header: 'Empresa', value: (lab) => lab.company.tradeName },
          { header: 'Dirección', value: (lab) => [lab.addressLine1, lab.addressLine2].filter(Boolean).join(', ') },
          { header: 'Comuna', value: (lab) => lab.comuna.name },
          { header: 'Región', value: (lab) => lab.comuna.parent?.name },
          { header: 'Teléfono', value: (lab) => lab.phone },
          { header: 'Correo', value: (lab) => lab.email },
          { header: 'Nivel FONASA', value: (lab) => level(lab.fonasaLevel) },
          { header: 'Exámenes publicados', value: (lab) => lab.examCount },
          { header: 'Estado', value: (lab) => (lab.isActive ? 'Abierta' : 'Cerrada') },
        ],
      }}
    />
  );
}
