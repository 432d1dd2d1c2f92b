import { Accordion, AccordionTab } from 'primereact/accordion';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../shared/ui/usePageTitle';

const QUESTIONS = [
  {
    q: '¿Qué es CotizaLab?',
    a: 'Un comparador de exámenes de laboratorio clínico en Chile. Ingresas los exámenes de tu orden médica, tu comuna y tu previsión, y ves cuánto cuesta la orden completa y cuánto pagarías en cada laboratorio cercano.',
  },
  {
    q: '¿De dónde salen los precios?',
    a: 'Cada laboratorio informa sus precios y los mantiene al día; un administrador de CotizaLab autoriza cada examen antes de publicarlo. El precio final lo confirma el laboratorio al atenderte.',
  },
  {
    q: '¿Cómo se calcula mi copago con FONASA?',
    a: 'Para FONASA (tramos B, C y D) usamos el arancel de la Modalidad Libre Elección del nivel del laboratorio: FONASA bonifica la diferencia entre el arancel y el copago oficial, y tú pagas el resto del precio del laboratorio. El tramo A se atiende en la red pública, sin bono MLE, así que no estimamos su copago.',
  },
  {
    q: '¿Y con una Isapre?',
    a: 'Indica el porcentaje de cobertura ambulatoria de tu plan y lo aplicamos al precio de cada examen. Es una estimación: los topes de tu plan pueden cambiar el monto final.',
  },
  {
    q: '¿Qué significa «Orden completa»?',
    a: 'Que el laboratorio hace todos los exámenes de tu orden. Los que no ofrecen alguno aparecen después, indicando cuáles les faltan.',
  },
  {
    q: '¿Puedo buscar por el nombre que aparece en mi orden?',
    a: 'Sí: por nombre, sigla (TSH, PSA), nombre común o código FONASA (0301045). También entendemos palabras sin tilde y errores de tipeo.',
  },
  {
    q: '¿Para qué sirve el carro?',
    a: 'Para juntar los exámenes que harás en un laboratorio y ver el total. Queda guardado en este navegador; luego pagas y agendas directamente con el laboratorio.',
  },
  {
    q: 'Tengo un laboratorio, ¿cómo publico mis precios?',
    a: 'Escríbenos desde Contacto. Creamos la cuenta de tu empresa y podrás mantener tus sucursales y precios desde el panel de gestión.',
  },
];

export default function FaqPage() {
  usePageTitle('Preguntas frecuentes', 'Cómo cotizar tus exámenes, qué cubre FONASA o tu Isapre y cómo publicar los precios de tu laboratorio.');
  return (
    <div className="cl-container cl-narrow cl-prose">
      <h1 className="cl-page-title">Preguntas frecuentes</h1>
      <Accordion multiple activeIndex={[0]}>
        {QUESTIONS.map(({ q, a }) => (
          <AccordionTab key={q} header={q}>
            <p>{a}</p>
          </AccordionTab>
        ))}
      </Accordion>
      <p>
        ¿No encontraste tu respuesta? <Link to="/contacto">Escríbenos</Link>.
      </p>
    </div>
  );
}
