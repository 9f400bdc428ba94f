/**
 * API keys: `Authorization: Bearer <key>`. Each account has a read-write and a read-only key.
 */
import type { IncomingMessage } from "node:http";
import type { AccountStore, Caller } from "./account-store.ts";
import { ApiError } from "./http-utils.ts";
import type { Account } from "./records.ts";

/** The bearer key of a request, or undefined. */
export function bearerKey(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
}

/** Looks a key up; undefined for a missing or unknown key. */
export function identify(accounts: AccountStore, key: string | undefined): Caller | undefined {
  return key === undefined ? undefined : accounts.byKey(key);
}

/** 401 for a missing or unknown key, 403 for a read-only key on a write. */
export function authorize(caller: Caller | undefined, keySent: boolean, write: boolean): Account {
  if (!caller) {
    throw new ApiError(401, {
      detail: keySent ? "Invalid token." : "Authentication credentials were not provided.",
    });
  }
  if (write && !caller.readWrite) {
    throw new ApiError(403, { detail: "You do not have permission to perform this action." });
  }
  return caller.account;
}
