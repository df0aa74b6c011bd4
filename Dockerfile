# One small production image: build with every tool, run on a slim image with runtime files only.
# The Node LTS it runs (CI's second pass and the container check read it here). On Node 24 the
# lock's better-sqlite3 11 aborts when it frees a statement: the build puts 13 in its place (ADR 018).
ARG NODE_MAJOR=24
FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# better-sqlite3 compiles against these headers instead of downloading them from nodejs.org.
ENV npm_config_nodedir=/usr/local NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# prisma.config.ts resolves the database through the one configuration module.
COPY scripts/ops/config.mjs ./scripts/ops/
# Its postinstall generates the Prisma client, hence the schema and config copied above.
RUN npm ci --no-audit --no-fund
COPY . .
# The build bundles the generated client; the runtime keeps only what the bundle imports:
# no Prisma CLI, TypeScript or build tools. `npm prune --omit=dev` keeps "devOptional" packages
# (prisma, effect, typescript: optional peers of @prisma/client), so those go by the lock's flag.
# Of @prisma/client's runtime only the query compilers of SQLite and PostgreSQL stay (DATABASE_URL
# picks one, ADR 031); better-sqlite3 is the one for this
# Node (13 on Node 24, ADR 018) with its one binary, no sources.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && node -e 'for (const [dir, p] of Object.entries(require("./package-lock.json").packages)) if (dir && p.devOptional) require("fs").rmSync(dir, { recursive: true, force: true })' \
 && find node_modules/.bin -xtype l -delete \
 && find node_modules/@prisma/client/runtime -type f \
      ! -name 'client.js' ! -name 'client.mjs' ! -name 'index-browser.js' ! -name 'index-browser.mjs' \
      ! -name 'query_compiler_bg.sqlite.*' ! -name 'query_compiler_bg.postgresql.*' -delete \
 && find node_modules/@prisma/client/runtime -name '*.map' -delete \
 && rm -rf node_modules/@prisma/client/generator-build \
 && bash scripts/ops/better-sqlite3-for-node.sh use \
 && rm -rf node_modules/.better-sqlite3-from-lock node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && bash scripts/ops/better-sqlite3-for-node.sh keep-one-binary

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
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# Migrates (backup first, all-or-nothing) with node directly, then serves; exits 0 on docker stop.
CMD ["node", "scripts/start.mjs"]
