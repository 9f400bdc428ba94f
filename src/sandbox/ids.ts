/** Record ids: one increasing sequence per kind of record. */

/** Kinds of record that draw ids from their own sequence. */
export type IdKind =
  | "account"
  | "deposit"
  | "transaction"
  | "wallet"
  | "entry"
  | "withdrawal"
  | "swap"
  | "schedule"
  | "trigger"
  | "email";

/** Increasing integer ids per kind, shared by all accounts (so another account's id is a real 404). */
export class IdSequence {
  readonly #next = new Map<IdKind, number>();

  /** The next id of `kind`, starting at 1. */
  next(kind: IdKind): number {
    const id = this.#next.get(kind) ?? 1;
    this.#next.set(kind, id + 1);
    return id;
  }
}
