# The chat server image (the api process of docker-compose.yml).

# 1. Production dependencies only. The manifests come first, so this layer is rebuilt only when a
#    package.json or the lock changes, not on every source change.
FROM node:20-slim AS deps
# Compilers for native modules (better-sqlite3) in case no prebuilt binary matches this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# Every workspace's manifest (npm links packages/*, projections and services/* from them).
COPY packages/core/package.json packages/core/
COPY packages/eventstore/package.json packages/eventstore/
COPY packages/http/package.json packages/http/
COPY packages/keystore/package.json packages/keystore/
COPY packages/markdown/package.json packages/markdown/
COPY packages/readstore/package.json packages/readstore/
COPY packages/realtime/package.json packages/realtime/
COPY packages/wire/package.json packages/wire/
COPY projections/package.json projections/
COPY services/api/package.json services/api/
# The install runs `prepare` (the build), which finds no sources yet and leaves it to the stage below.
COPY tools/build/ tools/build/
RUN npm ci --omit=dev && npm cache clean --force

# 2. The runtime: no compilers, the installed modules, then the sources (.dockerignore keeps the
#    host's node_modules, data, caches and tests out).
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=9991 \
    DATA_DIR=/data
COPY --from=deps /app ./
COPY . .
# The compiled server (dist/): started in about a third of the CPU time the TypeScript sources take.
RUN node tools/build/server-build.mjs --strict
# DATA_DIR holds the server secret file (unless CHAT_SERVER_SECRET is set), uploads, the outbox, and
# in embedded mode the SQLite log: keep it on a volume. The server makes it 0700 and its files 0600.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 9991
# Ready only while caught up with the log and not stopping (GET /ready); slim images have no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 9991) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is the process (no npm, no shell in between), so `docker stop`'s SIGTERM reaches the
# server, which stops accepting, answers held polls, flushes and exits within 10 s.
CMD ["node", "services/api/start.mjs"]
