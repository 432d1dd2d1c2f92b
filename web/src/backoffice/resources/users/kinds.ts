/** /app/users and /app/maintainers/administrators show persons with the same screens, told apart here. */
export interface PersonKind {
  resource: 'users' | 'administrators';
  basePath: string;
  title: string;
  noun: { one: string; many: string };
}

export const USERS: PersonKind = { resource: 'users', basePath: '/app/users', title: 'Usuarios', noun: { one: 'usuario', many: 'usuarios' } };
export const ADMINISTRATORS: PersonKind = { resource: 'administrators', basePath: '/app/maintainers/administrators', title: 'Administradores', noun: { one: 'administrador', many: 'administradores' } };
