#!/usr/bin/env bash
# Runs the Prisma CLI offline: the JS/WASM engines need these variables to point at
# any existing file (nothing is downloaded), and the preload lets the CLI exit promptly.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-$root/package.json}"
export PRISMA_QUERY_ENGINE_LIBRARY="${PRISMA_QUERY_ENGINE_LIBRARY:-$root/package.json}"
export PRISMA_HIDE_UPDATE_MESSAGE=1
# `prisma generate` needs some DATABASE_URL to read the schema, though it never connects.
export DATABASE_URL="${DATABASE_URL:-postgresql://localhost:5432/cotizalab}"
export NODE_OPTIONS="${NODE_OPTIONS:-} --require $root/scripts/unref-long-timers.cjs"
exec "$root/node_modules/.bin/prisma" "$@"
