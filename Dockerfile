# Quiz Ladder in a container: `docker build -t quiz-ladder .`, then
#   docker run -d --name quiz -p 3000:3000 -v quiz-data:/data \
#     -e PUBLIC_URL=http://192.168.1.20:3000 -e ALLOW_LOCAL_SIGNIN=true quiz-ladder
# (README.md, "In a container"). The data — the database and uploaded pictures — lives in the
# /data volume; the image holds only the built app. It runs `node dist/server.js` as the
# unprivileged user `node`, and stops cleanly on `docker stop` (SIGTERM).

# Build: the client and the server bundle, from a clean install of the lockfile.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: what `node dist/server.js` reads, and espeak-ng, the server's offline voice.
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends espeak-ng \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data \
  && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/server/bank/data ./server/bank/data
COPY --from=build /app/server/bank/legacy-bank-hashes.json ./server/bank/
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/quiz-ladder.db \
    UPLOADS_DIR=/data/uploads \
    MALLOC_ARENA_MAX=1
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# One malloc arena and 2 MB semi-spaces: a third less memory under load (docs/decisions/runtime.md).
CMD ["node", "--max-semi-space-size=2", "dist/server.js"]
