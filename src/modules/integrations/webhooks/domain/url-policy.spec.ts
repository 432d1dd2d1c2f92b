import { checkWebhookUrl, checkWebhookUrlResolved, FORBIDDEN_HOST, isForbiddenAddress } from './url-policy';
import { signatureHeader, verifySignature } from './signature';

const production = { production: true };
const development = { production: false };

describe('webhook URL policy (SSRF)', () => {
  it.each(['10.0.0.1', '127.0.0.1', '169.254.169.254', '172.16.5.4', '192.168.1.1', '100.100.100.200', '0.0.0.0', '::1', 'fe80::1', 'fd00:ec2::254', '::ffff:10.0.0.1', '::ffff:169.254.169.254', 'not-an-ip'])(
    'forbids %s',
    (address) => expect(isForbiddenAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '200.1.2.3', '2800:3f0:4002:80a::200e', '172.32.0.1'])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('refuses private, loopback, link-local and metadata hosts in production', () => {
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://127.0.0.1/', 'https://[::1]/', 'https://localhost/x', 'https://metadata.google.internal/'])
      expect(checkWebhookUrl(url, production)).toEqual({ ok: false, message: FORBIDDEN_HOST });
  });

  it('refuses http in production, even for a public host, and any non-http scheme anywhere', () => {
    expect(checkWebhookUrl('http://10.0.0.1/hook', production)).toEqual({ ok: false, message: 'La URL debe comenzar con https://.' });
    expect(checkWebhookUrl('http://169.254.169.254/', production)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://example.cl/hook', production)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://localhost:8080/hook', production)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('ftp://example.cl/', development)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('https://user:pw@example.cl/', development)).toEqual({ ok: false, message: 'La URL no puede llevar usuario ni contraseña.' });
    expect(checkWebhookUrl('no es una url', development)).toMatchObject({ ok: false });
  });

  it('allows http only to localhost outside production', () => {
    expect(checkWebhookUrl('http://127.0.0.1:4010/hook', development)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://localhost:4010/hook', development)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://example.cl/hook', development)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('https://example.cl/hook', production)).toMatchObject({ ok: true });
  });

  it('refuses in production a name that resolves to a private address, or to nothing', async () => {
    const dns = (answers: Record<string, string[]>) => async (host: string) => {
      if (!answers[host]) throw new Error('ENOTFOUND');
      return answers[host];
    };
    const resolve = dns({ 'lis.lab.cl': ['200.1.2.3'], 'rebind.example.cl': ['200.1.2.3', '10.1.1.1'], 'meta.example.cl': ['169.254.169.254'] });
    expect(await checkWebhookUrlResolved('https://lis.lab.cl/hook', production, resolve)).toMatchObject({ ok: true });
    expect(await checkWebhookUrlResolved('https://rebind.example.cl/hook', production, resolve)).toEqual({ ok: false, message: FORBIDDEN_HOST });
    expect(await checkWebhookUrlResolved('https://meta.example.cl/', production, resolve)).toEqual({ ok: false, message: FORBIDDEN_HOST });
    expect(await checkWebhookUrlResolved('https://nowhere.example.cl/', production, resolve)).toMatchObject({ ok: false });
    // Outside production no DNS is asked.
    expect(await checkWebhookUrlResolved('https://nowhere.example.cl/', development, resolve)).toMatchObject({ ok: true });
  });
});

describe('webhook signature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1_2","type":"price.authorized"}';
  const at = new Date('2026-12-03T12:00:00Z');

  it('signs "<t>.<body>" with HMAC-SHA256, as the documentation says', () => {
    const header = signatureHeader(secret, body, at);
    expect(header).toMatch(/^t=1796299200,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, body, header, at)).toBe(true);
  });

  it('does not verify another body, another secret, or an old timestamp', () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(secret, `${body} `, header, at)).toBe(false);
    expect(verifySignature('whsec_other', body, header, at)).toBe(false);
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 10 * 60_000))).toBe(false);
    expect(verifySignature(secret, body, 't=abc,v1=zz', at)).toBe(false);
  });
});
