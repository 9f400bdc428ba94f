/**
 * The brief profile: a cheap call that proves a key works.
 */
import { json } from "../http-utils.ts";
import type { Router } from "../router.ts";

/** Registers GET /api/private/profile/brief/. */
export function registerProfileRoutes(router: Router): void {
  router.private("GET", "/api/private/profile/brief/", ({ account }) =>
    json(200, {
      id: account.id,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
    }),
  );
}
