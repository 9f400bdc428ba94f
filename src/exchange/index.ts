/** The exchange API client: import from here outside `src/exchange/`. */
export * from "./client.ts";
export * from "./decimal.ts";
export * from "./errors.ts";
export type { PdfDocument, TransportLogger, TransportOptions } from "./http.ts";
export * from "./rate-limiter.ts";
export * from "./requests.ts";
export * from "./schemas.ts";
export * from "./time.ts";
export * from "./write-outcome.ts";
