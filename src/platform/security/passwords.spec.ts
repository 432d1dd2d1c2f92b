import { hashPassword, hashPasswordsAtMinimumCost, verifyPassword } from './passwords';

/** The cost argon2 wrote into a hash: `$argon2id$v=19$m=65536,t=3,p=4$…` (the parameters in any order). */
const costOf = (hash: string) => Object.fromEntries(hash.split('$')[3].split(',').map((pair) => pair.split('=')));

describe('password hashes', () => {
  it('are argon2id at 64 MiB, three passes and four lanes, and check the password they were made of', async () => {
    const hash = await hashPassword('clave-de-prueba-1');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(costOf(hash)).toEqual({ m: '65536', t: '3', p: '4' });
    expect(await verifyPassword(hash, 'clave-de-prueba-1')).toBe(true);
    expect(await verifyPassword(hash, 'clave-de-prueba-2')).toBe(false);
    expect(await verifyPassword('no es un hash', 'clave-de-prueba-1')).toBe(false);
  });

  it('take the minimum cost once a test suite asks, and a hash made at full cost still checks at its own', async () => {
    const full = await hashPassword('clave-de-prueba-1');
    hashPasswordsAtMinimumCost();
    const cheap = await hashPassword('clave-de-prueba-1');
    expect(costOf(cheap)).toEqual({ m: '1024', t: '2', p: '1' });
    expect(await verifyPassword(cheap, 'clave-de-prueba-1')).toBe(true);
    expect(await verifyPassword(full, 'clave-de-prueba-1')).toBe(true);
    expect(await verifyPassword(full, 'otra')).toBe(false);
  });
});
