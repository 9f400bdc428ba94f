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
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
COPY --chown=node:node locales ./locales
USER node
EXPOSE 8080
CMD ["node", "dist/main.js"]
