/**
 * The withdrawal watcher on its own, with a stub exchange: a withdrawal that never settles ends with
 * "still not final" after the schedule, a record that cannot be read stops it at once, and each report is
 * sent once even when its job runs again after a failed send.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type ExchangeClient, ExchangeNotFoundError, type Withdrawal } from "../../../src/exchange/index.ts";
import {
  createWithdrawalWatcher,
  type WithdrawalTarget,
  type WithdrawalUpdate,
} from "../../../src/services/withdrawals/watcher.ts";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl);
const prefix = `test:wdwatch:${randomUUID()}`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

function withdrawal(status: number): Withdrawal {
  return {
    id: 5,
    amount: "0.01",
    address: "bc1q",
    tag: "",
    label: "",
    txid: status === 60 ? "ab" : "",
    created: new Date(),
    closed: null,
    status,
  };
}

/** A watcher over a stub client whose `get` is given; every check is 10 ms apart, three in all. */
function watcherWith(get: () => Promise<Withdrawal>, notify: (u: WithdrawalUpdate) => Promise<void>) {
  const client = { withdrawals: { get } } as unknown as ExchangeClient;
  return createWithdrawalWatcher({
    redisUrl,
    redis,
    prefix,
    clientFor: async () => client,
    notify: (_target: WithdrawalTarget, update) => notify(update),
    logger: pino({ level: "silent" }),
    delaysMs: [10, 10, 10],
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const target = { chatId: 1, messageId: 1, locale: "en", asset: "BTC", withdrawalId: 5, firstTime: false };

describe("withdrawal watcher", () => {
  it("never final: pending told once, then gave up when the schedule runs out", async () => {
    const updates: WithdrawalUpdate[] = [];
    const watcher = watcherWith(
      async () => withdrawal(10),
      async (u) => {
        updates.push(u);
      },
    );
    try {
      await watcher.watch({ ...target, userId: 1 });
      await until(() => updates.some((u) => u.kind === "gave_up"));
      expect(updates.map((u) => u.kind)).toEqual(["status", "gave_up"]);
      expect(updates[1]).toMatchObject({ reason: "not_final" });
    } finally {
      await watcher.close();
    }
  });

  it("unreadable: stops at once; a failed send is retried and the report arrives once", async () => {
    const updates: WithdrawalUpdate[] = [];
    let failures = 1;
    const watcher = watcherWith(
      async () => {
        throw new ExchangeNotFoundError();
      },
      async (u) => {
        if (failures-- > 0) throw new Error("telegram down");
        updates.push(u);
      },
    );
    try {
      await watcher.watch({ ...target, userId: 2 });
      await until(() => updates.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(updates).toEqual([{ kind: "gave_up", withdrawalId: 5, reason: "unreadable" }]);
    } finally {
      await watcher.close();
    }
  });
});
