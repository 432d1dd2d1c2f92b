import { Link } from 'react-router-dom';
import { usePageTitle } from '../../shared/ui/usePageTitle';

export default function TermsPage() {
  usePageTitle('Términos y condiciones');
  return (
    <article className="cl-container cl-narrow cl-prose">
      <h1 className="cl-page-title">Términos y condiciones</h1>
      <h2>1. El servicio</h2>
      <p>CotizaLab permite comparar precios de exámenes de laboratorio clínico informados por los laboratorios adheridos y estimar el copago según la previsión de salud que el usuario indica. CotizaLab no es un prestador de salud ni realiza exámenes.</p>
      <h2>2. Precios y coberturas</h2>
      <p>Los precios son informados y actualizados por cada laboratorio. Las coberturas y copagos mostrados son estimaciones basadas en el arancel FONASA vigente o en el porcentaje de cobertura indicado por el usuario; el monto definitivo lo determinan el laboratorio y la institución de salud previsional al momento de la atención.</p>
      <h2>3. Cuenta de usuario</h2>
      <p>El usuario es responsable de la veracidad de sus datos y de mantener en reserva su contraseña. Puede modificar sus datos desde «Editar mis datos» y solicitar la eliminación de su cuenta desde Contacto.</p>
      <h2>4. Datos personales</h2>
      <p>Tratamos los datos personales conforme a la Ley N° 19.628 sobre protección de la vida privada. Registramos las páginas visitadas y las búsquedas realizadas para mejorar el servicio y elaborar estadísticas; no compartimos datos personales con terceros sin consentimiento, salvo obligación legal.</p>
      <h2>5. Responsabilidad</h2>
      <p>CotizaLab procura que la información publicada sea exacta, pero no responde por errores en los precios informados por los laboratorios ni por la atención que estos presten.</p>
      <p>
        Consultas: <Link to="/contacto">Contacto</Link>.
      </p>
    </article>
  );
}
