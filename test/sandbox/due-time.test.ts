import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../src/sandbox/context.ts";
import { dueBy, whenDue } from "../../src/sandbox/due-time.ts";
import { sandbox } from "./helpers.ts";

/** A sandbox key for the due time alone (the module keys its state by the sandbox object). */
const fresh = () => ({}) as Sandbox;

/** A pass that counts its runs in `ran` and leaves work due at `next`. */
function counted(ran: number[], next: number, also: () => void = () => undefined) {
  return () => {
    ran.push(ran.length);
    also();
    return next;
  };
}

describe("due time of the sandbox's account work", () => {
  it("passes over the accounts first, then only once the earliest pending work is due", () => {
    const sb = fresh();
    const ran: number[] = [];
    whenDue(sb, 100, counted(ran, 1000));
    whenDue(sb, 500, counted(ran, 1000));
    whenDue(sb, 999, counted(ran, 1000));
    expect(ran).toHaveLength(1);
    whenDue(sb, 1000, counted(ran, Number.POSITIVE_INFINITY));
    whenDue(sb, 5000, counted(ran, 1));
    expect(ran).toHaveLength(2);
  });

  it("runs early for work noted since, including work noted during a pass", () => {
    const sb = fresh();
    whenDue(sb, 0, () => 10_000);
    dueBy(sb, 300);
    const ran: number[] = [];
    whenDue(sb, 299, counted(ran, 10_000));
    expect(ran).toHaveLength(0);
    whenDue(
      sb,
      300,
      counted(ran, 10_000, () => dueBy(sb, 400)),
    );
    whenDue(sb, 400, counted(ran, 10_000));
    expect(ran).toHaveLength(2);
  });

  it("passes again after a pass that threw", () => {
    const sb = fresh();
    expect(() =>
      whenDue(sb, 0, () => {
        throw new Error("broken account");
      }),
    ).toThrow("broken account");
    const ran: number[] = [];
    whenDue(sb, 1, counted(ran, 10_000));
    expect(ran).toHaveLength(1);
  });

  it("runs a schedule enabled after a pass that found nothing due", async () => {
    const t = await sandbox();
    const later = new Date(t.sb.now().getTime() + 60_000).toISOString().slice(0, 19);
    const made = await t.call("POST", "/api/private/broker/schedules/", {
      asset: "BTC",
      quantity: "50",
      direction: 10,
      period: "daily",
      start: later,
      enabled: false,
    });
    expect(made.status).toBe(201);
    // Passes with nothing due: the disabled schedule is not pending work.
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 120 });
    expect((await t.call("GET", "/api/private/balances/AUD/")).body.total).toBe("10000");
    const enabled = await t.call("PATCH", `/api/private/broker/schedules/${made.body.id}/`, {
      enabled: true,
    });
    expect(enabled.status).toBe(200);
    expect((await t.call("GET", "/api/private/balances/AUD/")).body.total).toBe("9950");
  });
});
