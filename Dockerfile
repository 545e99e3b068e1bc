# The lookup service as a container: built in one stage, run from a second one that holds
# the production dependencies, the compiled service, its queries, pages and sample data,
# and nothing else. Runs as the unprivileged `node` user.
#
#   docker build -t skos-lookup .
#   docker run -p 3000:3000 skos-lookup                       # the sample vocabulary
#   docker run -p 3000:3000 -e SPARQL_ENDPOINT=http://store:8890/sparql skos-lookup
#   docker run -p 3000:3000 -v lookup-data:/var/lib/skos-lookup \
#     -e INDEX_SNAPSHOT=/var/lib/skos-lookup/index.bin -e SPARQL_ENDPOINT=... skos-lookup
#
# Built and run by `npm run test:docker` (in CI) with a real Docker engine.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY public ./public
COPY scripts/build-public.mjs ./scripts/
RUN npm run build

FROM node:20-bookworm-slim
# MALLOC_MMAP_THRESHOLD_: glibc gives back what a label index build lets go (src/memoryAdvice.ts)
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY queries ./queries
COPY public ./public
COPY data ./data
# a place the node user may write, for INDEX_SNAPSHOT on a volume
RUN mkdir -p /var/lib/skos-lookup && chown node:node /var/lib/skos-lookup
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PROBE_PORT || process.env.PORT}${process.env.BASE_PATH ?? ''}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]
