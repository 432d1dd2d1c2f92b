/**
 * Request examples of the calls a laboratory's system makes first (docs/api/integrations.md follows the same steps).
 * Redocly's `no-invalid-media-type-examples` checks each against its schema in npm test.
 */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  // Two exams and a comuna by their ids (the exam and location searches give them), with its neighbours, FONASA.
  SearchController_searchLaboratories: { exams: [28, 87], location: 320, nearLocations: true, pensionHealtInstitutionId: 1, orderBy: 'toPay', currentPage: 1, perPage: 10 },
  LaboratoryExamsController_offer: { laboratoryId: 12, examId: 28, price: 4990 },
  LaboratoryExamsController_change: { price: 5290 },
  LaboratoryExamsController_confirm: { laboratoryId: 12 },
  ImportUploadsController_prices: { confirm: 'true', allOrNothing: 'false' },
  ApiKeysController_create: { name: 'ERP de la casa matriz' },
  WebhookEndpointsController_create: { url: 'https://erp.laboratorio.cl/cotizalab/webhooks', events: ['price.authorized', 'price.rejected', 'import.finished'] },
};

/** What each group of routes is, for the document's tags. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  'api-keys': 'Claves de API de una empresa, para sus sistemas (solo con la sesión de una persona)',
  auth: 'Registro, inicio de sesión, renovación y recuperación de contraseña',
  banners: 'Banners de la portada',
  categories: 'Categorías de productos',
  checkout: 'Pago de una orden',
  companies: 'Empresas (laboratorios) y su aprobación',
  contacto: 'Formulario de contacto',
  exams: 'Catálogo de exámenes (arancel FONASA) y su búsqueda',
  files: 'Archivos e imágenes',
  health: 'Salud del servicio',
  imports: 'Importación y exportación de sucursales, precios y arancel',
  insurers: 'Previsiones: FONASA e Isapres',
  'kept quotes': 'Cotizaciones guardadas, con referencia y PDF',
  laboratories: 'Sucursales de laboratorio',
  'laboratory-attributes': 'Atributos de las sucursales (servicios, horarios especiales)',
  'laboratory-exams': 'Precios de exámenes por sucursal y su autorización',
  locations: 'Regiones y comunas',
  'near-locations': 'Comunas vecinas',
  'order-terms': 'Cómo escriben los médicos los exámenes en una orden',
  persons: 'Personas y sus cuentas',
  products: 'Productos y ofertas de la tienda',
  reports: 'Reportes del back office',
  'sales orders': 'Órdenes de compra, comprobante y canje',
  'saved-orders': 'Órdenes médicas guardadas por el paciente',
  search: 'Cotización de una orden médica por laboratorio',
  'select-lists': 'Listas de valores del back office',
  sliders: 'Carrusel de la portada',
  'uf-values': 'Valor de la UF para los topes de Isapre',
  webhooks: 'Webhooks firmados de una empresa y su registro de entregas',
};
