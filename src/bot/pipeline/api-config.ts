/**
 * Transformers every Bot API call goes through: bounded auto-retry on 429 and 5xx, and HTML parse mode
 * by default. They are installed on `bot.api` and again inside conversations, whose calls bypass
 * `bot.api`'s transformers.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import type { Api, Transformer } from "grammy";

const HTML_METHODS = new Set([
  "sendMessage",
  "editMessageText",
  "sendDocument",
  "sendPhoto",
  "editMessageCaption",
]);

/** Sets parse_mode HTML where a text or caption is sent without one. */
const htmlByDefault: Transformer = (prev, method, payload, signal) => {
  if (HTML_METHODS.has(method) && payload && typeof payload === "object" && !("parse_mode" in payload)) {
    return prev(method, { ...payload, parse_mode: "HTML" } as typeof payload, signal);
  }
  return prev(method, payload, signal);
};

// Bounded: at most 3 retries of a 429 or 5xx, never waiting more than 30 s for one, so a user is not left
// hanging. Network failures are not retried here: the plugin would retry those without any bound.
const retry = autoRetry({
  maxRetryAttempts: 3,
  maxDelaySeconds: 30,
  rethrowInternalServerErrors: false,
  rethrowHttpErrors: true,
});

type Call = Parameters<Transformer>[0];
type Result = Awaited<ReturnType<Call>>;

/**
 * The bounded auto-retry, entered only once a call has failed: the plugin builds its closures and async
 * frames for every call, and nearly every call succeeds at once. A call that did not is handed to the
 * plugin with its first answer replayed to it, so the plugin decides (wait, retry, give up) from the very
 * same answers as if it had made the call itself; a thrown error is rethrown either way
 * (`rethrowHttpErrors`). One transformer for every Api (it keeps no state between calls): a conversation
 * makes an Api per context.
 */
const retryOnFailure: Transformer = (prev, method, payload, signal) =>
  prev(method, payload, signal).then((first) => {
    if (first.ok) return first;
    let replayed = false;
    const again: Call = (m, p, s) => {
      if (replayed) return prev(m, p, s);
      replayed = true;
      return Promise.resolve(first as Result);
    };
    return retry(again, method, payload, signal);
  }) as ReturnType<Call>;

/** Installs the shared transformers on an Api instance. */
export function configureApi(api: Api): void {
  api.config.use(retryOnFailure);
  api.config.use(htmlByDefault);
}
