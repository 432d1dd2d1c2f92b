import { withShareMeta } from './share-page';

const INDEX = '<!doctype html><html><head>\n<meta name="description" content="Genérica" />\n<title>CotizaLab</title>\n</head><body></body></html>';

describe('withShareMeta', () => {
  it('gives the page its own title, description and Open Graph tags', () => {
    const html = withShareMeta(INDEX, { title: 'Lab Ñuñoa · CotizaLab', description: 'Av. Irarrázaval 3050, Ñuñoa', url: 'https://cotizalab.cl/laboratorio/7' });
    expect(html).toContain('<title>Lab Ñuñoa · CotizaLab</title>');
    expect(html).toContain('<meta name="description" content="Av. Irarrázaval 3050, Ñuñoa" />');
    expect(html).toContain('<meta property="og:title" content="Lab Ñuñoa · CotizaLab" />');
    expect(html).toContain('<meta property="og:url" content="https://cotizalab.cl/laboratorio/7" />');
    expect(html).not.toContain('Genérica');
  });

  it('never lets a laboratory name write markup into the page', () => {
    const html = withShareMeta(INDEX, { title: '"><script>alert(1)</script>', description: "O'Higgins & Cía", url: 'https://cotizalab.cl/laboratorio/7' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).toContain('O&#39;Higgins &amp; Cía');
  });
});
