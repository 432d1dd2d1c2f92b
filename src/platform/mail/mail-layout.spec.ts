import { escapeHtml, layoutMail } from './mail-layout';

describe(layoutMail.name, () => {
  const mail = layoutMail({
    to: 'ana@lab.cl',
    subject: 'Autorizamos 1 precio de <b>Lab & Co</b>',
    greeting: 'Hola "Ana":',
    blocks: [
      { kind: 'paragraph', text: 'De <b>Lab & Co</b>' },
      { kind: 'table', columns: [{ label: 'Examen' }, { label: 'Precio', align: 'right' }], rows: [['<script>x</script>', '$5.900']] },
      { kind: 'link', label: 'Ver', href: 'javascript:alert(1)' },
    ],
    footer: { text: 'Recibes este correo.', label: 'Desactívalo', href: 'https://cotizalab.cl/app?avisos=1&x="y"' },
  });

  it('escapes every value in the HTML part and keeps it as typed in the text part', () => {
    expect(mail.html).toContain('De &lt;b&gt;Lab &amp; Co&lt;/b&gt;');
    expect(mail.html).toContain('Hola &quot;Ana&quot;:');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toMatch(/<b>Lab|<script>/);
    expect(mail.html).toContain('href="https://cotizalab.cl/app?avisos=1&amp;x=&quot;y&quot;"');
    expect(mail.text).toContain('De <b>Lab & Co</b>');
    expect(mail.text).toContain('- <script>x</script> · $5.900');
  });

  it('links only http(s) addresses', () => {
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('href="#"');
  });

  it('escapes the five characters HTML gives meaning to', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
