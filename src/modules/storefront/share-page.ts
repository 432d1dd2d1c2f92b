/** What a link pasted in a chat shows: the page's title, a description, and where it points. */
export interface ShareMeta {
  title: string;
  description: string;
  url: string;
  /** A picture for the preview (absolute URL, 1200 × 630), drawn large. */
  image?: string;
}

/** Text made safe for HTML's text and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The web app's index.html with this page's title, description and Open Graph tags, so that a
 * crawler or a chat preview (which run no JavaScript) read the page's own words.
 */
export function withShareMeta(indexHtml: string, meta: ShareMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="CotizaLab" />`,
    `<meta property="og:locale" content="es_CL" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image
      ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`, `<meta property="og:image:width" content="1200" />`, `<meta property="og:image:height" content="630" />`, `<meta name="twitter:card" content="summary_large_image" />`]
      : [`<meta name="twitter:card" content="summary" />`]),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `    ${tags}\n  </head>`);
}
