export default function BackOfficeHome() {
  return (
    <section aria-labelledby="bo-title">
      <h1 id="bo-title">Panel de administración</h1>
      <p>Desde aquí se mantienen los exámenes, los laboratorios, sus precios y los reportes de CotizaLab. Elige una sección en el menú.</p>
    </section>
  );
}
