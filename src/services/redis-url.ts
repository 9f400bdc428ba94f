/**
 * Where Redis is, from REDIS_URL: one server (`redis://`, `rediss://`), or a Sentinel group that names the
 * current primary (`redis+sentinel://[:password@]host:port[,host:port…]/primary-name[/db]`), which ioredis
 * follows through a failover. Every Redis client of the bot (its own and BullMQ's) is made from here.
 */
import type { ConnectionOptions } from "bullmq";
import { Redis, type RedisOptions } from "ioredis";

/** One Redis server. */
interface ServerTarget {
  kind: "server";
  url: string;
}

/** A Sentinel group watching a primary by name. */
interface SentinelTarget {
  kind: "sentinel";
  sentinels: { host: string; port: number }[];
  name: string;
  db: number;
  password?: string;
}

/** A parsed REDIS_URL. */
export type RedisTarget = ServerTarget | SentinelTarget;

const SENTINEL = /^redis\+sentinel:\/\/(?::([^@]*)@)?([^/]+)\/([A-Za-z0-9._-]{1,64})(?:\/(\d{1,2}))?\/?$/;
const HOST_PORT = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:]{2,39}\]):(\d{1,5})$/;

/** Parses a REDIS_URL; undefined when it is neither form (the message never repeats it: it may hold a password). */
export function parseRedisUrl(url: string): RedisTarget | undefined {
  if (url.startsWith("redis+sentinel:")) {
    const match = SENTINEL.exec(url);
    if (!match) return undefined;
    const sentinels: { host: string; port: number }[] = [];
    for (const part of (match[2] ?? "").split(",")) {
      const hostPort = HOST_PORT.exec(part);
      const port = Number(hostPort?.[2]);
      if (!hostPort?.[1] || !(port > 0 && port < 65536)) return undefined;
      sentinels.push({ host: hostPort[1].replace(/^\[|\]$/g, ""), port });
    }
    const password = match[1] === undefined || match[1] === "" ? undefined : decodeURIComponent(match[1]);
    return {
      kind: "sentinel",
      sentinels,
      name: match[3] ?? "",
      db: Number(match[4] ?? 0),
      ...(password === undefined ? {} : { password }),
    };
  }
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "redis:" || parsed.protocol === "rediss:") && parsed.hostname !== ""
      ? { kind: "server", url }
      : undefined;
  } catch {
    return undefined;
  }
}

function targetOf(url: string): RedisTarget {
  const target = parseRedisUrl(url);
  // The configuration checks REDIS_URL at start; reaching this is a bug in the caller.
  if (target === undefined) throw new Error("REDIS_URL is neither a redis(s):// nor a redis+sentinel:// URL");
  return target;
}

/** The ioredis options of a Sentinel group (plain data, accepted by ioredis and BullMQ alike). */
function sentinelOptions(target: SentinelTarget) {
  return {
    sentinels: target.sentinels,
    name: target.name,
    db: target.db,
    ...(target.password === undefined
      ? {}
      : { password: target.password, sentinelPassword: target.password }),
  };
}

/** A Redis client for REDIS_URL with `options` (not connected yet when `lazyConnect` is set). */
export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  const target = targetOf(url);
  return target.kind === "server"
    ? new Redis(target.url, options)
    : new Redis({ ...sentinelOptions(target), ...options });
}

/** BullMQ's connection options for REDIS_URL (its blocking connections must never give up on a command). */
export function bullConnection(url: string): ConnectionOptions {
  const target = targetOf(url);
  const base = { maxRetriesPerRequest: null };
  return target.kind === "server" ? { url: target.url, ...base } : { ...sentinelOptions(target), ...base };
}

/** Where REDIS_URL points, without credentials, for messages and logs. */
export function redisLocation(url: string): string {
  const target = parseRedisUrl(url);
  if (target === undefined) return "REDIS_URL";
  if (target.kind === "sentinel") {
    const hosts = target.sentinels.map((s) => `${s.host}:${s.port}`).join(",");
    return `redis+sentinel://${hosts}/${target.name}${target.db === 0 ? "" : `/${target.db}`}`;
  }
  const parsed = new URL(target.url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
}
