#!/usr/bin/env bash
# Assembles what the image runs, from a built checkout (`npm run build`): the server and the web app's build, the
# production dependencies only (the Prisma CLI among them: migrations are applied at start), the schema and its
# migrations, the reference data and the search mappings. The Dockerfile's build stage runs it; it runs here too,
# so the image's contents can be checked without Docker (scripts/runtime-bundle.sh /tmp/bundle && du -sh /tmp/bundle).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/runtime-bundle.sh OUT_DIR}"
for built in dist web/dist; do
  [ -d "$root/$built" ] || { echo "runtime-bundle: $built is missing: run npm run build first" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$out/web" "$out/scripts"
cp "$root/package.json" "$root/package-lock.json" "$root/prisma.config.ts" "$out/"
# Production dependencies only; the install scripts the project allows (package.json allowScripts) still run.
(cd "$out" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
cp -r "$root/dist" "$root/prisma" "$root/data" "$root/search-mappings" "$out/"
cp -r "$root/web/dist" "$out/web/dist"
# The developer guides are part of the API's own page (/api/docs).
mkdir -p "$out/docs" && cp -r "$root/docs/api" "$out/docs/"
cp "$root/scripts/prisma.sh" "$root/scripts/unref-long-timers.cjs" "$out/scripts/"
echo "runtime-bundle: $(du -sh "$out" | cut -f1) in $out (node_modules $(du -sh "$out/node_modules" | cut -f1))"
