/**
 * A bot's getMe answer as Telegram gives it for a bot fresh from BotFather. Kept apart from the fake
 * (it imports nothing) so the benchmarks' stub Telegram shares it without loading the fake.
 */
import type { UserFromGetMe } from "grammy/types";

/** The getMe answer of a new bot with this id and names: every optional ability at its default. */
export function newBotIdentity({
  id,
  first_name,
  username,
}: Pick<UserFromGetMe, "id" | "first_name" | "username">): UserFromGetMe {
  return {
    id,
    is_bot: true,
    first_name,
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}
