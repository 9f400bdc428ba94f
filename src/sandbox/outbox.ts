/**
 * Emails the sandbox "sends": address confirmations and first-time withdrawal confirmations, each with a
 * link token valid for 30 minutes of sandbox time. Tests read them through the control endpoint.
 */
import type { Clock } from "./clock.ts";
import type { IdSequence } from "./ids.ts";
import type { Prng } from "./prng.ts";
import { formatTime } from "./time.ts";

/** How long an emailed link stays valid. */
export const LINK_LIFETIME_MS = 30 * 60 * 1000;

/** Kinds of email with a link. */
export type EmailKind = "address_confirmation" | "withdrawal_confirmation";

/** One sent email. */
export interface Email {
  id: number;
  accountId: number;
  kind: EmailKind;
  linkToken: string;
  /** Address book entry (address confirmation) or withdrawal (withdrawal confirmation). */
  recordId: number;
  sentAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** What sending takes from the sandbox: its time, its id sequences and its token generator. */
export interface EmailSource {
  readonly clock: Clock;
  readonly ids: IdSequence;
  readonly rng: Prng;
}

/** All emails sent by one sandbox. */
export class Outbox {
  readonly #emails: Email[] = [];

  /** Sends an email with a fresh link token. */
  send(sb: EmailSource, accountId: number, kind: EmailKind, recordId: number): Email {
    const now = sb.clock.now();
    const email: Email = {
      id: sb.ids.next("email"),
      accountId,
      kind,
      linkToken: sb.rng.hex(20),
      recordId,
      sentAt: now,
      expiresAt: now + LINK_LIFETIME_MS,
      usedAt: null,
    };
    this.#emails.push(email);
    return email;
  }

  /** The email carrying `token`, if any. */
  byToken(token: string): Email | undefined {
    return this.#emails.find((e) => e.linkToken === token);
  }

  /** Emails of one account (or all when undefined), oldest first. */
  list(accountId: number | undefined): Email[] {
    return this.#emails.filter((e) => accountId === undefined || e.accountId === accountId);
  }
}

/** The control endpoint's view of an email. */
export function emailJson(email: Email): Record<string, unknown> {
  const record =
    email.kind === "address_confirmation" ? { entry_id: email.recordId } : { withdrawal_id: email.recordId };
  return {
    id: email.id,
    account_id: email.accountId,
    kind: email.kind,
    link_token: email.linkToken,
    ...record,
    sent_at: formatTime(email.sentAt),
    expires_at: formatTime(email.expiresAt),
    used: email.usedAt !== null,
  };
}
