/**
 * What the bot asks of Telegram when it sets its webhook: the secret token Telegram sends back with each
 * update, the kinds of update the bot reads, and how many updates Telegram may have in flight at once.
 */
import { ALLOWED_UPDATES } from "../bot/create-bot.ts";
import type { WebhookConfig } from "../config.ts";

/** setWebhook's options for `config` (the URL aside). */
export function webhookRegistration(config: WebhookConfig) {
  return {
    secret_token: config.webhookSecret,
    allowed_updates: [...ALLOWED_UPDATES],
    max_connections: config.webhookMaxConnections,
  };
}
