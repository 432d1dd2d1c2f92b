// Prisma CLI configuration. Prisma 6 with its JS/WASM engines runs fully offline
// (see ../shared/STACK.md); migrations connect through the same pg adapter as the app.
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import './prisma/pg-catalog-types';

function pgOptions(url: string) {
  const u = new URL(url);
  // Discrete options on purpose: with `connectionString`, the shadow database silently points at the main one.
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    allowExitOnIdle: true,
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  adapter: async () => new PrismaPg(pgOptions(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/cotizalab')),
});
