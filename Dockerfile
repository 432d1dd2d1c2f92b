# One image for every role: `node dist/main.js api|worker|all|seed`.
# The Prisma CLI (a devDependency) applies migrations at start, so dev packages stay installed.
FROM node:24-bookworm-slim
# Fonts for the pictures the API draws (a shared quote's preview card, rendered by sharp from SVG).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node", "dist/main.js", "api"]
