/**
 * Test helpers: start a sandbox with a frozen market and instant settlement, and call it over HTTP.
 */
import { afterEach } from "vitest";
import { type SandboxHandle, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";

/** A JSON answer: status, headers and parsed body (undefined when empty). */
export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions that read them.
  body: any;
}

/** A sandbox plus a tiny client bound to one key. */
export interface TestSandbox {
  sb: SandboxHandle;
  call(method: string, path: string, body?: unknown, key?: string | null): Promise<Reply>;
  control(method: string, path: string, body?: unknown): Promise<Reply>;
}

const running: SandboxHandle[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** Starts a deterministic sandbox (walk off, settle 0, control on); closed after each test. */
export async function sandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sb = await startSandbox({
    walk: false,
    swapSettleMs: 0,
    withdrawalStepMs: 0,
    control: true,
    ...options,
  });
  running.push(sb);
  const request = async (method: string, path: string, body: unknown, key: string | null): Promise<Reply> => {
    const headers: Record<string, string> = {};
    if (key) headers.authorization = `Bearer ${key}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${sb.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    sb,
    call: (method, path, body, key) =>
      request(method, path, body, key === undefined ? sb.demo.readWriteKey : key),
    control: (method, path, body) => request(method, path, body, null),
  };
}
