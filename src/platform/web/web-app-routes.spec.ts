import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWebAppRoute, WEB_APP_ROUTES } from '../../contracts/public-routes';

describe('the web app\'s addresses, as the server knows them', () => {
  it('are the router\'s, one for one', () => {
    const router = readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'app', 'router.tsx'), 'utf8');
    const children = [...router.matchAll(/\{ (?:index: true|path: '([^']+)'),/g)].map((m) => (m[1] === undefined ? '/' : `/${m[1]}`)).filter((p) => p !== '/*');
    expect([...children, '/app/*'].sort()).toEqual([...WEB_APP_ROUTES].sort());
  });

  it('tells a page of the app from an address that is none', () => {
    for (const path of ['/', '/buscador', '/buscador/', '/laboratorio', '/laboratorio/12', '/paquete/7', '/app', '/app/exams/view/3', '/transaction/failed/9']) expect({ path, page: isWebAppRoute(path) }).toEqual({ path, page: true });
    for (const path of ['/no-existe', '/paquete', '/paquete/7/otra', '/laboratorio/1/2', '/wp-login.php', '/application']) expect({ path, page: isWebAppRoute(path) }).toEqual({ path, page: false });
  });
});
