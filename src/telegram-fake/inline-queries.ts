/** Inline mode's state: the queries users type after the bot's name, which answerInlineQuery answers. */
import { badRequest } from "./api-error.ts";

/** The inline queries the fake has delivered, and whether each was answered. */
export class InlineQueries {
  private count = 0;
  private readonly answered = new Map<string, boolean>();

  /** Opens a query and returns its id. */
  open(): string {
    this.count += 1;
    const id = `${9_000_000_000_000 + this.count}`;
    this.answered.set(id, false);
    return id;
  }

  /** Marks a query answered; fails like Telegram when it is unknown or already answered. */
  answer(id: unknown): void {
    if (typeof id !== "string" || this.answered.get(id) !== false) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    this.answered.set(id, true);
  }
}
