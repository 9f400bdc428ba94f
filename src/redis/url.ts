/**
 * Where Redis is, from REDIS_URL: one server (`redis://`, `rediss://`), a Sentinel group that names the
 * current primary (`redis+sentinel://[:password@]host:port[,host:port…]/primary-name[/db]`), which ioredis
 * follows through a failover, or a Redis Cluster (`redis+cluster://[[user]:password@]host:port[,host:port…]`,
 * `rediss+cluster://` over TLS) reached through any of its nodes. Every Redis client of the bot (its own
 * and BullMQ's) is made from here, and so is the key prefix ({@link appKeyPrefix}): on a Cluster every
 * key carries one hash tag, because the bot's scripts, MULTIs and MGETs (and BullMQ's scripts) touch
 * several keys at once, which a Cluster allows only within one hash slot.
 */
import type { ConnectionOptions } from "bullmq";
import { Cluster, type ClusterNode, Redis, type RedisOptions } from "ioredis";

/** A Redis client of the bot: one server or Sentinel primary (`Redis`), or a Redis Cluster. */
export type RedisClient = Redis | Cluster;

/** One Redis server. */
interface ServerTarget {
  kind: "server";
  url: string;
}

type HostPort = { host: string; port: number };

/** A Sentinel group watching a primary by name. */
interface SentinelTarget {
  kind: "sentinel";
  sentinels: HostPort[];
  name: string;
  db: number;
  password?: string;
}

/** A Redis Cluster, found from any of its nodes (it has only database 0). */
interface ClusterTarget {
  kind: "cluster";
  nodes: HostPort[];
  tls: boolean;
  username?: string;
  password?: string;
}

/** A parsed REDIS_URL. */
export type RedisTarget = ServerTarget | SentinelTarget | ClusterTarget;

const SENTINEL = /^redis\+sentinel:\/\/(?::([^@]*)@)?([^/]+)\/([A-Za-z0-9._-]{1,64})(?:\/(\d{1,2}))?\/?$/;
const CLUSTER = /^(rediss?)\+cluster:\/\/(?:([^:@/]*):([^@]*)@)?([^/@]+)\/?$/;
const HOST_PORT = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:]{2,39}\]):(\d{1,5})$/;

/** `host:port[,host:port…]`; undefined when any part is not one. */
function parseHosts(list: string): HostPort[] | undefined {
  const hosts: HostPort[] = [];
  for (const part of list.split(",")) {
    const hostPort = HOST_PORT.exec(part);
    const port = Number(hostPort?.[2]);
    if (!hostPort?.[1] || !(port > 0 && port < 65536)) return undefined;
    hosts.push({ host: hostPort[1].replace(/^\[|\]$/g, ""), port });
  }
  return hosts;
}

/** A percent-encoded credential of a URL, undefined when empty (throws URIError when badly encoded). */
function credential(raw: string | undefined): string | undefined {
  return raw === undefined || raw === "" ? undefined : decodeURIComponent(raw);
}

/** Parses a REDIS_URL; undefined when it is no known form (the message never repeats it: it may hold a password). */
export function parseRedisUrl(url: string): RedisTarget | undefined {
  try {
    return parseOrThrow(url);
  } catch {
    return undefined;
  }
}

function parseOrThrow(url: string): RedisTarget | undefined {
  if (url.startsWith("redis+sentinel:")) {
    const match = SENTINEL.exec(url);
    const sentinels = match && parseHosts(match[2] ?? "");
    if (!match || !sentinels) return undefined;
    const password = credential(match[1]);
    return {
      kind: "sentinel",
      sentinels,
      name: match[3] ?? "",
      db: Number(match[4] ?? 0),
      ...(password === undefined ? {} : { password }),
    };
  }
  if (/^rediss?\+cluster:/.test(url)) {
    const match = CLUSTER.exec(url);
    const nodes = match && parseHosts(match[4] ?? "");
    if (!match || !nodes) return undefined;
    const username = credential(match[2]);
    const password = credential(match[3]);
    return {
      kind: "cluster",
      nodes,
      tls: match[1] === "rediss",
      ...(username === undefined ? {} : { username }),
      ...(password === undefined ? {} : { password }),
    };
  }
  const parsed = new URL(url);
  return (parsed.protocol === "redis:" || parsed.protocol === "rediss:") && parsed.hostname !== ""
    ? { kind: "server", url }
    : undefined;
}

function targetOf(url: string): RedisTarget {
  const target = parseRedisUrl(url);
  // The configuration checks REDIS_URL at start; reaching this is a bug in the caller.
  if (target === undefined)
    throw new Error("REDIS_URL is neither a redis(s)://, a redis+sentinel:// nor a redis(s)+cluster:// URL");
  return target;
}

/** Whether REDIS_URL names a Redis Cluster. */
export function isClusterUrl(url: string): boolean {
  return parseRedisUrl(url)?.kind === "cluster";
}

/** The hash tag every key carries on a Cluster when the app is given no prefix of its own. */
const DEFAULT_TAG = "surge";

/**
 * The prefix of every key the app writes (its own and BullMQ's), from the prefix it is given (empty in
 * production, a test's or the demo's own otherwise). On one server or a Sentinel group it is that prefix,
 * unchanged, so existing deployments keep their keys. On a Cluster it becomes one hash tag, `{surge}:`
 * for no prefix and `{demo:1a2b}:` for `demo:1a2b:`, so all the keys share one hash slot; a prefix that
 * already starts with a tag is kept.
 */
export function appKeyPrefix(url: string, prefix = ""): string {
  if (!isClusterUrl(url) || /^\{[^{}]+\}/.test(prefix)) return prefix;
  return `{${prefix.replace(/:$/, "") || DEFAULT_TAG}}:`;
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

/** What {@link BullCluster} uses of ioredis' Cluster that its typings keep private. */
interface ClusterInternals {
  startupNodes: ClusterNode[];
  handleCloseEvent(): void;
}

/** The longest a disconnected {@link BullCluster} waits for its connections before it ends anyway. */
const DISCONNECT_END_MS = 2000;

/**
 * The ioredis Cluster BullMQ is given. BullMQ stops a worker by disconnecting the worker's blocking
 * connection (a duplicate of this client) and waiting for its "end" event. ioredis ends a Cluster when
 * its last node connection is gone, through a listener each connection attempt registers; after a
 * failover (a master killed, a replica promoted) a duplicate could be left without that listener, or
 * without any node left to drop, and then never ended: the worker's close, and so the bot's stop, waited
 * forever (test/scale/cluster.test.ts, about one run in 10 to 40; none in 40 runs with this class). This
 * client ends itself once disconnected, unless it was connected again meanwhile; its duplicates are of
 * the same kind.
 */
class BullCluster extends Cluster {
  /** Counts disconnect() and connect() calls, so a late end never ends a client connected again. */
  private generation = 0;

  override connect(): Promise<void> {
    this.generation += 1;
    return super.connect();
  }

  // As ioredis' own duplicate, which would make a plain Cluster.
  // biome-ignore lint/suspicious/noExplicitAny: the override must accept what Cluster.duplicate accepts.
  override duplicate(startupNodes: ClusterNode[] = [], options: any = {}): Cluster {
    const own = this as unknown as ClusterInternals;
    return new BullCluster(startupNodes.length > 0 ? startupNodes : own.startupNodes.slice(0), {
      ...this.options,
      ...options,
      redisOptions: { ...this.options.redisOptions, ...options.redisOptions },
    });
  }

  override disconnect(reconnect = false): void {
    const drained = this.nodes().length === 0 && this.status !== "wait";
    const generation = ++this.generation;
    super.disconnect(reconnect);
    if (reconnect) return;
    // With ioredis' own listener the status is already "end" when these run; without it, end here.
    const end = () => {
      // Only if nothing connected the client again since (BullMQ reconnects a reset blocking client).
      if (generation === this.generation && (this.status === "close" || this.status === "disconnecting"))
        (this as unknown as ClusterInternals).handleCloseEvent();
    };
    if (drained) process.nextTick(end);
    else this.once("close", () => setImmediate(end));
    // Whatever path the connections take to close, a disconnected client ends within a bound.
    setTimeout(end, DISCONNECT_END_MS).unref();
  }
}

/**
 * A Cluster client (for BullMQ a {@link BullCluster}); `options` apply to each node's connection,
 * except the cluster-wide ones.
 */
function clusterClient(target: ClusterTarget, options: RedisOptions, forBull = false): Cluster {
  // replyMapping is left out: a Cluster takes it at the top level, and the bot keeps ioredis' default.
  const {
    lazyConnect,
    retryStrategy,
    enableOfflineQueue,
    replyMapping: _replyMapping,
    ...nodeOptions
  } = options;
  const clusterOptions = {
    ...(lazyConnect === undefined ? {} : { lazyConnect }),
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    // The whole cluster unreachable is retried like one lost server.
    ...(retryStrategy === undefined ? {} : { clusterRetryStrategy: retryStrategy }),
    redisOptions: {
      ...(target.username === undefined ? {} : { username: target.username }),
      ...(target.password === undefined ? {} : { password: target.password }),
      ...(target.tls ? { tls: {} } : {}),
      ...nodeOptions,
    },
  };
  return forBull ? new BullCluster(target.nodes, clusterOptions) : new Cluster(target.nodes, clusterOptions);
}

/** A Redis client for REDIS_URL with `options` (not connected yet when `lazyConnect` is set). */
export function createRedisClient(url: string, options: RedisOptions = {}): RedisClient {
  const target = targetOf(url);
  if (target.kind === "cluster") return clusterClient(target, options);
  return target.kind === "server"
    ? new Redis(target.url, options)
    : new Redis({ ...sentinelOptions(target), ...options });
}

/**
 * BullMQ's connection for REDIS_URL (its blocking connections must never give up on a command): options
 * for one server or a Sentinel group, a client of its own for a Cluster (BullMQ builds only plain clients
 * from options). Release it with {@link closeBullConnection} once the queues and workers are closed.
 */
export function bullConnection(url: string): ConnectionOptions {
  const target = targetOf(url);
  const base = { maxRetriesPerRequest: null };
  if (target.kind === "cluster") return clusterClient(target, base, true);
  return target.kind === "server" ? { url: target.url, ...base } : { ...sentinelOptions(target), ...base };
}

/** Disconnects a client {@link bullConnection} made (BullMQ leaves a client it was given open). */
export async function closeBullConnection(connection: ConnectionOptions): Promise<void> {
  if (connection instanceof Cluster) await connection.quit().catch(() => connection.disconnect());
}

/** Where REDIS_URL points, without credentials, for messages and logs. */
export function redisLocation(url: string): string {
  const target = parseRedisUrl(url);
  if (target === undefined) return "REDIS_URL";
  const hosts = (list: HostPort[]) =>
    list.map(({ host, port }) => `${host.includes(":") ? `[${host}]` : host}:${port}`).join(",");
  if (target.kind === "sentinel")
    return `redis+sentinel://${hosts(target.sentinels)}/${target.name}${target.db === 0 ? "" : `/${target.db}`}`;
  if (target.kind === "cluster") return `${target.tls ? "rediss" : "redis"}+cluster://${hosts(target.nodes)}`;
  const parsed = new URL(target.url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
}
