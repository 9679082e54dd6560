# syntax=docker/dockerfile:1
# The patent-status image: `docker run IMAGE serve|worker|migrate|demo|…` (any CLI command).
# Build stage: every dependency, then `npm run build` (tsc and the migrations' SQL into dist/).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/synth/package.json ./packages/synth/
COPY packages/client/package.json ./packages/client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# The demo's synthetic corpus: a workspace package of its own, built beside the service.
COPY packages/synth/tsconfig.build.json ./packages/synth/
COPY packages/synth/src ./packages/synth/src
RUN npm run build

# Runtime stage: production dependencies from the lockfile and the built dist/ folders only.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    PATENT_STATUS_DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/synth/package.json ./packages/synth/
COPY packages/client/package.json ./packages/client/
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /data \
    && chown node:node /data
COPY --from=build /app/dist ./dist
COPY --from=build /app/packages/synth/dist ./packages/synth/dist
# The image's own unprivileged user; the code stays root-owned and read-only to it.
# /data holds the embedded engine's database (no DATABASE_URL) and the sync's downloads.
USER node
EXPOSE 8080
# No curl in slim images: Node's fetch asks /health on the port the server listens on.
# (A migrate container serves no HTTP: compose.yaml disables the check there, and gives a worker
# one on its WORKER_METRICS_PORT's /health/live.)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/cli.js"]
CMD ["serve"]
