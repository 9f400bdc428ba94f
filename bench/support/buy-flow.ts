/** The guided /buy of bench:flow and bench:profile: /buy, the asset's button, the typed amount. */
import type { Update } from "grammy/types";
import { timed } from "./measure.ts";
import { callbackUpdate, textUpdate } from "./updates.ts";
import type { Side, World } from "./world.ts";

/**
 * Runs one whole guided buy for a user and checks its answers (the picker after /buy, the quote at the
 * end); returns each step's latency (ms).
 */
export async function buyFlow(w: World, side: Side, userId: number): Promise<number[]> {
  const step = (update: Update) => timed(w, side, update);
  const first = await step(textUpdate(userId, "/buy"));
  const picker = w.telegram.last(userId);
  if (!picker?.buttons.includes("tr:a:BTC")) throw new Error(`${side}: no asset picker after /buy`);
  const second = await step(callbackUpdate(userId, picker.messageId, "tr:a:BTC"));
  const third = await step(textUpdate(userId, "50"));
  const quote = w.telegram.last(userId) ?? { text: "", buttons: "" };
  if (!/BTC/.test(quote.text) || !/quote|Quote|t:/.test(quote.text + quote.buttons)) {
    throw new Error(`${side}: no quote at the end of the flow: ${JSON.stringify(quote)}`);
  }
  return [first, second, third];
}
