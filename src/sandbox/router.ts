/**
 * A small router: paths with `{name}` parameters, matched segment by segment in registration order.
 * `{id}` only matches digits and `{asset}` only matches 1 to 10 word characters, so a bad id is a 404.
 */
import type { Sandbox } from "./context.ts";
import type { ApiResponse, Body } from "./http-utils.ts";
import type { Account } from "./records.ts";

/** What every handler receives. */
export interface ApiRequest {
  sb: Sandbox;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body;
  /** Scheme, host and port as the client addressed us, for absolute pagination links. */
  baseUrl: string;
}

/** What a private handler receives: the caller's account is known. */
export interface PrivateRequest extends ApiRequest {
  account: Account;
}

type PublicHandler = (req: ApiRequest) => ApiResponse;
type PrivateHandler = (req: PrivateRequest) => ApiResponse;

/** A registered route. */
export type Route = {
  method: string;
  segments: string[];
  /** Accepts urlencoded and multipart bodies as well as JSON. */
  form: boolean;
} & ({ access: "public"; handler: PublicHandler } | { access: "private"; handler: PrivateHandler });

/** The outcome of matching a path. */
export type Match =
  | { kind: "route"; route: Route; params: Record<string, string> }
  | { kind: "method"; allowed: string[] }
  | { kind: "none" };

const PARAM_PATTERNS: Record<string, RegExp> = {
  id: /^\d{1,15}$/,
  asset: /^\w{1,10}$/,
};

/** Routes of the API. */
export class Router {
  readonly #routes: Route[] = [];

  /** Adds an unauthenticated route. */
  public(method: string, path: string, handler: PublicHandler): void {
    this.#routes.push({ method, segments: split(path), form: false, access: "public", handler });
  }

  /** Adds a route that needs a key (and a read-write key for writes). */
  private(method: string, path: string, handler: PrivateHandler, opts: { form?: boolean } = {}): void {
    this.#routes.push({
      method,
      segments: split(path),
      form: opts.form ?? false,
      access: "private",
      handler,
    });
  }

  /** Finds the route for `method` and `path`; HEAD is served by GET routes. */
  match(method: string, path: string): Match {
    const parts = split(path);
    const allowed: string[] = [];
    const wanted = method === "HEAD" ? "GET" : method;
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === wanted) return { kind: "route", route, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "method", allowed } : { kind: "none" };
  }
}

/** Splits a path into segments, keeping a marker for the trailing slash so it must match too. */
function split(path: string): string[] {
  return path.split("/").slice(1);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? "";
    const part = parts[i] ?? "";
    if (p.startsWith("{") && p.endsWith("}")) {
      const name = p.slice(1, -1);
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return undefined;
      }
      const shape = PARAM_PATTERNS[name];
      if (value === "" || (shape && !shape.test(value))) return undefined;
      params[name] = value;
    } else if (p !== part) return undefined;
  }
  return params;
}
