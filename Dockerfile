# The production image, in the two steps CI tests (test/build/production-start.test.ts): `npm run
# build` compiles src/ to plain JavaScript in dist/, and `node dist/main.js` runs it with production
# dependencies only (no tsx, no devDependencies), as the unprivileged `node` user.
#
#   docker build -t slack-memory-assistant .
#   docker run -d -p 3000:3000 -v assistant-data:/data --env-file .env slack-memory-assistant
#
# Without Slack tokens the app is the local terminal chat: run it with `-it` to talk to it.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# js-tiktoken is a local package (package.json "overrides"; vendor/lazy-js-tiktoken/index.js says why).
COPY vendor vendor
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY tools/scripts/build.mjs tools/scripts/build.mjs
COPY src src
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
COPY vendor vendor
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist dist
# DATA_DIR (the lock, the journal, embedded stores) on a volume the unprivileged user owns.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /livez: the process answers (an orchestrator restarts it when not); /readyz says whether its
# dependencies are usable.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
