/**
 * Demo commands for the sandbox's outbox. The exchange confirms a new address book entry, and releases a
 * withdrawal to a first-time address, only through a link it emails; the demo has no inbox, so `:mail`
 * lists what the sandbox "sent" the demo account and `:confirm` follows the newest unused link (or
 * `:confirm N`, the link of email #N), as clicking it in the email would.
 */

/** One email of the sandbox's outbox, as its control API shows it. */
export interface DemoEmail {
  id: number;
  kind: string;
  link_token: string;
  entry_id?: number;
  withdrawal_id?: number;
  sent_at: string;
  expires_at: string;
  used: boolean;
}

/** What the commands need from the sandbox. */
export interface DemoMailbox {
  /** The demo account's emails, oldest first. */
  list(): Promise<DemoEmail[]>;
  /** Follows a link; `ok` false with the sandbox's words when it refuses (used, expired, unknown). */
  follow(token: string): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/** The emails of sandbox account `accountId`, through the sandbox's control API at `url`. */
export function sandboxMailbox(url: string, accountId: number): DemoMailbox {
  return {
    list: async () => {
      const response = await fetch(`${url}/_sandbox/outbox?account_id=${accountId}`);
      return (await response.json()) as DemoEmail[];
    },
    follow: async (token) => {
      const response = await fetch(`${url}/_sandbox/links/${encodeURIComponent(token)}`, { method: "POST" });
      if (response.ok) return { ok: true };
      const body = (await response.json().catch(() => ({}))) as { detail?: string };
      return { ok: false, reason: body.detail ?? `HTTP ${response.status}` };
    },
  };
}

/** The help of the mail commands (printed by `:help` and in the banner). */
export const MAIL_HELP = [
  ":mail               the emails the sandbox sent you (address and withdrawal confirmations)",
  ":confirm            follow the newest unused emailed link (:confirm N: the link of email #N)",
].join("\n");

const CONFIRM = /^:confirm(?:\s+#?(\d{1,9}))?$/;

/** Whether a typed line is a mail command. */
export function isMailCommand(line: string): boolean {
  return /^:(mail|confirm)\b/.test(line.trim());
}

/** What an email is about, in words. */
function subject(email: DemoEmail): string {
  if (email.entry_id !== undefined) return `confirm address book entry #${email.entry_id}`;
  if (email.withdrawal_id !== undefined)
    return `release withdrawal #${email.withdrawal_id} (first-time address)`;
  return email.kind;
}

/** One line of `:mail`. Times are the sandbox's (Brisbane, as the exchange's). */
function line(email: DemoEmail): string {
  const state = email.used ? "link used" : `link valid until ${email.expires_at.replace("T", " ")}`;
  return `#${email.id}  ${subject(email)} · sent ${email.sent_at.replace("T", " ")} · ${state}`;
}

/** Runs a mail command and returns what to print. Never throws for bad input: it says what is wrong. */
export async function runMailCommand(text: string, mailbox: DemoMailbox): Promise<string> {
  const typed = text.trim();
  if (typed === ":mail") {
    const emails = await mailbox.list();
    if (emails.length === 0) {
      return "No emails yet. Adding an address (/addresses) or a first withdrawal to one sends one.";
    }
    return [
      "The sandbox's emails to you, newest first (times in Australia/Brisbane, the exchange's):",
      ...emails.toReversed().map(line),
    ].join("\n");
  }
  const confirm = CONFIRM.exec(typed);
  if (!confirm) return `Unknown mail command. Try:\n${MAIL_HELP}`;
  const emails = await mailbox.list();
  const wanted = confirm[1] === undefined ? undefined : Number(confirm[1]);
  const email = wanted === undefined ? emails.findLast((e) => !e.used) : emails.find((e) => e.id === wanted);
  if (email === undefined) {
    return wanted === undefined
      ? "No unused link in the outbox (:mail lists the emails)."
      : `There is no email #${wanted} (:mail lists the emails).`;
  }
  const followed = await mailbox.follow(email.link_token);
  if (!followed.ok) return `The link of email #${email.id} did not work: ${followed.reason}`;
  if (email.entry_id !== undefined) {
    return `Followed the link of email #${email.id}: address book entry #${email.entry_id} is confirmed and can be used for /withdraw.`;
  }
  if (email.withdrawal_id !== undefined) {
    return `Followed the link of email #${email.id}: withdrawal #${email.withdrawal_id} is released; the bot tells you as it moves on.`;
  }
  return `Followed the link of email #${email.id}.`;
}
