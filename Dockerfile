# One image for every role: `node dist/main.js api|worker|all|seed`.
# Two stages: the build (every dependency, the compilers) and what runs (production dependencies only, as a user
# without privileges). scripts/runtime-bundle.sh assembles the second; it runs outside Docker too, to check it.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && bash scripts/runtime-bundle.sh /bundle

FROM node:24-bookworm-slim
# Fonts for the pictures the API draws (a shared quote's preview card, rendered by sharp from SVG).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=root:root /bundle /app
# Uploaded files and the embedded database (when no DATABASE_URL is given) live under DATA_DIR: a volume.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data WEB_DIST_DIR=/app/web/dist
VOLUME ["/data"]
USER node
EXPOSE 3000
CMD ["node", "dist/main.js", "api"]
