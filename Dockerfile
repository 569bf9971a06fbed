# MealShare as a container (docs/features/operations.md): built with every dependency, run with
# production ones only, as the unprivileged `node` user, with plain node on the compiled server.
# Every build step is an npm script CI runs (`npm run build`), so the image builds what CI has checked.
#   docker build -t mealshare .
#   docker run -p 5000:5000 -v mealshare-data:/data -e OIDC_ISSUER_URL=… -e OIDC_CLIENT_ID=… \
#     -e OIDC_CLIENT_SECRET=… -e SESSION_SECRET=… -e PUBLIC_URL=https://meals.example.org mealshare
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# pg_dump/pg_restore for `npm run backup` against PostgreSQL (match the server's major version).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json ./
COPY drizzle ./drizzle
COPY scripts/start.mjs scripts/ensure-built.mjs scripts/backup.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s \
  CMD node -e "fetch('http://127.0.0.1:5000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist/server/main.js"]
