import { Api, GrammyError } from "grammy";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "../../src/bot/pipeline/api-config.ts";

/** An Api whose Telegram answers each call with the next of `answers` (then ok), recording every call. */
function apiAnswering(...answers: object[]) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const fetch = (async (url: string | URL, init?: RequestInit) => {
    const method = String(url).split("/").at(-1) as string;
    calls.push({ method, body: JSON.parse(String(init?.body ?? "{}")) });
    const answer = answers.shift() ?? { ok: true, result: { message_id: calls.length } };
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  const api = new Api("123:abc", { fetch, apiRoot: "http://telegram.test" });
  configureApi(api);
  return { api, calls };
}

const tooMany = (seconds: number) => ({
  ok: false,
  error_code: 429,
  description: "Too Many Requests",
  parameters: { retry_after: seconds },
});
const serverError = { ok: false, error_code: 502, description: "Bad Gateway" };

describe("the Api's shared transformers", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a call that succeeds once, in HTML unless told otherwise", async () => {
    const { api, calls } = apiAnswering();
    await api.sendMessage(1, "<b>hi</b>");
    await api.sendMessage(1, "*hi*", { parse_mode: "MarkdownV2" });
    expect(calls.map((call) => [call.method, call.body.parse_mode])).toEqual([
      ["sendMessage", "HTML"],
      ["sendMessage", "MarkdownV2"],
    ]);
  });

  it("waits out a 429 for its retry_after, then sends again", async () => {
    vi.useFakeTimers();
    const { api, calls } = apiAnswering(tooMany(5));
    const sent = api.sendMessage(1, "hello");
    await vi.advanceTimersByTimeAsync(4_900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(sent).resolves.toMatchObject({ message_id: 2 });
    expect(calls).toHaveLength(2);
  });

  it("retries a 5xx at most 3 times after the first attempt, then reports it", async () => {
    vi.useFakeTimers();
    const { api, calls } = apiAnswering(serverError, serverError, serverError, serverError, serverError);
    const sent = api.sendMessage(1, "hello");
    const failed = expect(sent).rejects.toBeInstanceOf(GrammyError);
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(calls).toHaveLength(4);
  });

  it("does not wait for a 429 longer than 30 s: the failure is reported at once", async () => {
    const { api, calls } = apiAnswering(tooMany(120));
    await expect(api.sendMessage(1, "hello")).rejects.toMatchObject({ error_code: 429 });
    expect(calls).toHaveLength(1);
  });

  it("does not retry other failures", async () => {
    const { api, calls } = apiAnswering({ ok: false, error_code: 400, description: "Bad Request" });
    await expect(api.sendMessage(1, "hello")).rejects.toMatchObject({ error_code: 400 });
    expect(calls).toHaveLength(1);
  });
});
