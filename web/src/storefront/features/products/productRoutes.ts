/** Where packages live on the storefront (docs/decisions.md, "Commerce: catalogue and content"). */
export const productPath = (id: number) => `/paquete/${id}`;

/** The lists of `/paquetes?lista=…`: the API's `list` by its Spanish name in the address. */
export const PRODUCT_LISTS = [
  { slug: 'todos', list: 'general', label: 'Todos los paquetes' },
  { slug: 'ofertas', list: 'offers', label: 'Ofertas' },
  { slug: 'nuevos', list: 'new', label: 'Nuevos' },
] as const;
export type ProductListSlug = (typeof PRODUCT_LISTS)[number]['slug'];
