/**
 * How Telegram's Bot API hands a bot's updates to its webhook, modelled after its delivery
 * (tdlib/telegram-bot-api, telegram-bot-api/WebhookActor.cpp and Client.cpp's add_update):
 *
 * - Updates wait in one line, in the order they came (the bot's update queue).
 * - Each update belongs to a queue of its source: a message to its chat's, a button press to its user's,
 *   an inline query to its user's (a queue of its own beside the presses'). A queue has at most one update
 *   in flight: the next one of a chat is sent only once the webhook answered the one before.
 * - Updates are taken from the line into their queues while fewer than twice `connections` queues hold any,
 *   at most as many per step as there are queues missing (WebhookActor::load_updates); a step is any update
 *   coming or any answer.
 * - At most `connections` are in flight (setWebhook's max_connections: Telegram's default is 40, the bot
 *   asks for 100); a connection freed goes to the queue whose next update was taken from the line first
 *   (WebhookActor::send_update).
 *
 * So a flood in one chat holds one connection at a time, and a chat that sends one message goes ahead of
 * whatever a flooding chat still has waiting, once its message is taken from the line.
 */
import type { Update } from "grammy/types";

/** One update on its way: taken from the line in `order`, settled once the webhook answered it. */
interface Pending {
  update: Update;
  queue: string;
  order: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** The queue an update belongs to, as Telegram keys it (Client.cpp: chat, or user with a kind's offset). */
export function deliveryQueue(update: Update): string {
  if (update.callback_query !== undefined) return `press:${update.callback_query.from.id}`;
  if (update.inline_query !== undefined) return `inline:${update.inline_query.from.id}`;
  const chat = (update.message ?? update.edited_message ?? update.channel_post)?.chat.id;
  return chat === undefined ? `update:${update.update_id}` : `chat:${chat}`;
}

/**
 * A delivery over `connections` connections: `post` settles once `send` (the webhook's POST of that update)
 * did, and fails as it did. `send` runs for at most one update of a queue at a time.
 */
export function createWebhookDelivery(connections: number, send: (update: Update) => Promise<void>) {
  const maxQueues = connections * 2;
  const line: Pending[] = [];
  /** Updates taken from the line, per queue, the next to send first. */
  const queues = new Map<string, Pending[]>();
  /** Queues whose next update may be sent (none of theirs in flight). */
  const ready = new Set<string>();
  let inFlight = 0;
  let taken = 0;

  const takeFromLine = () => {
    let room = maxQueues - queues.size;
    while (room > 0 && line.length > 0) {
      room--;
      const pending = line.shift() as Pending;
      pending.order = taken++;
      const queue = queues.get(pending.queue);
      if (queue !== undefined) queue.push(pending);
      else {
        queues.set(pending.queue, [pending]);
        ready.add(pending.queue);
      }
    }
  };

  /** The ready queue whose next update was taken first (at most twice `connections` to look at). */
  const oldestReady = (): string | undefined => {
    let best: string | undefined;
    let bestOrder = Number.POSITIVE_INFINITY;
    for (const name of ready) {
      const order = (queues.get(name) as Pending[])[0]?.order ?? Number.POSITIVE_INFINITY;
      if (order < bestOrder) {
        best = name;
        bestOrder = order;
      }
    }
    return best;
  };

  const step = () => {
    takeFromLine();
    while (inFlight < connections) {
      const name = oldestReady();
      if (name === undefined) return;
      ready.delete(name);
      inFlight++;
      const pending = (queues.get(name) as Pending[])[0] as Pending;
      send(pending.update).then(
        () => answered(pending, undefined),
        (error: unknown) => answered(pending, error ?? new Error("the webhook failed")),
      );
    }
  };

  const answered = (pending: Pending, error: unknown) => {
    inFlight--;
    const queue = queues.get(pending.queue) as Pending[];
    queue.shift();
    if (queue.length === 0) queues.delete(pending.queue);
    else ready.add(pending.queue);
    if (error === undefined) pending.resolve();
    else pending.reject(error);
    step();
  };

  return {
    /** Hands `update` to the delivery; settles once its webhook POST was answered. */
    post(update: Update): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        line.push({ update, queue: deliveryQueue(update), order: -1, resolve, reject });
        step();
      });
    },
  };
}
