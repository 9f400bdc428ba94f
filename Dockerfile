# syntax=docker/dockerfile:1
# Build stage: install everything, compile TypeScript, then drop the dev dependencies.
# (.ci/production-image.mjs replays these steps without Docker and checks the result.)
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: compiled JavaScript, production dependencies and locales only, as a non-root user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production
# The container's port is fixed; docker-compose.yml maps the host's PORT onto it.
ENV PORT=8080
# V8's heap bounds: under an old space bound below 2 GB V8 lets the heap run less far ahead of what is live
# (up to 4x without one), and a 16 MB semi-space halves the young generation. The alert watcher's steady
# garbage then keeps an instance near 200 MB resident instead of about 450, for a live heap of 40-90 MB
# (docs/operations.md#memory). An operator's own NODE_OPTIONS replaces these.
ENV NODE_OPTIONS="--max-old-space-size=1024 --max-semi-space-size=16"
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
COPY --chown=node:node locales ./locales
USER node
EXPOSE 8080
CMD ["node", "dist/main.js"]
