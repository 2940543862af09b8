# The chat server image (the api process of docker-compose.yml).
FROM node:20-slim

# Compilers for native modules (better-sqlite3) in case no prebuilt binary matches this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# The whole tree before `npm ci`: npm links the workspaces (packages/*, projections, services/*)
# from their package.json files; .dockerignore keeps the host's node_modules and data out.
COPY . .
# Dev dependencies stay: the server runs TypeScript through tsx (`npm start`).
RUN npm ci && npm cache clean --force

# DATA_DIR holds the server secret file (and the SQLite log in embedded mode): keep it on a volume.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=9991 \
    DATA_DIR=/data
VOLUME ["/data"]
USER node
EXPOSE 9991

CMD ["npm", "start"]
