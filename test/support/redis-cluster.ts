/**
 * A private Redis Cluster for tests: masters (each with replicas if asked) as `redis-server` processes on
 * free ports in a temporary directory, joined with `redis-cli --cluster create`. Killed and removed after
 * the test file. When this machine cannot run one (no binaries, cluster mode refused), {@link
 * startPrivateCluster} says why instead, so the test can skip visibly.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { cleanUpAfterUse } from "./clean-up.ts";
import { freePort } from "./process.ts";
import { answers } from "./redis-server.ts";

/** One node of the cluster. */
export interface ClusterNode {
  port: number;
  /** Kills the node at once (SIGKILL) and waits until it is gone. */
  kill(): Promise<void>;
}

/** A running private cluster. */
export interface PrivateCluster {
  /** REDIS_URL naming every node, `redis+cluster://127.0.0.1:p1,127.0.0.1:p2,…`. */
  url: string;
  nodes: ClusterNode[];
  /** A plain client of one node (for CLUSTER commands), closed after the file. */
  admin(port: number): Redis;
}

// Starting takes well under a second; 20 s allows for a loaded 2-core machine.
const START_TIMEOUT_MS = 20_000;

/**
 * Starts `masters` masters with `replicas` replicas each (a node is declared failed after
 * `nodeTimeoutMs`, and a replica takes over). Resolves to the reason when a cluster cannot start here.
 */
export async function startPrivateCluster(options: {
  masters: number;
  replicas: number;
  nodeTimeoutMs: number;
}): Promise<PrivateCluster | { skipped: string }> {
  for (const binary of ["redis-server", "redis-cli"])
    if (spawnSync(binary, ["--version"]).status !== 0)
      return { skipped: `no ${binary} binary on this machine` };
  const dir = await mkdtemp(join(tmpdir(), "surge-test-cluster-"));
  const children: ChildProcess[] = [];
  const admins: Redis[] = [];
  cleanUpAfterUse(async () => {
    for (const admin of admins) admin.disconnect();
    await Promise.all(children.map((child) => killChild(child)));
    await rm(dir, { recursive: true, force: true });
  });
  const nodes: ClusterNode[] = [];
  for (let i = 0; i < options.masters * (1 + options.replicas); i++) {
    // The cluster bus needs a port of its own; a fixed offset from the client port may be taken.
    const port = await freePort();
    const busPort = await freePort();
    const nodeDir = join(dir, String(port));
    await mkdir(nodeDir);
    const args = [
      ...["--port", String(port), "--cluster-port", String(busPort), "--bind", "127.0.0.1"],
      ...["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"],
      ...["--cluster-node-timeout", String(options.nodeTimeoutMs), "--save", "", "--appendonly", "no"],
      // A replica's first sync would otherwise wait 5 s for more replicas; until then it cannot take over.
      ...["--repl-diskless-sync-delay", "0"],
      ...["--dir", nodeDir],
    ];
    const child = spawn("redis-server", args, { cwd: nodeDir, stdio: "ignore" });
    children.push(child);
    nodes.push({ port, kill: () => killChild(child) });
  }
  const addresses = nodes.map((node) => `127.0.0.1:${node.port}`);
  for (const node of nodes) {
    if (!(await answersSoon(node.port)))
      return { skipped: `redis-server on port ${node.port} did not start` };
  }
  const created = spawnSync(
    "redis-cli",
    ["--cluster", "create", ...addresses, "--cluster-replicas", String(options.replicas), "--cluster-yes"],
    { encoding: "utf8", timeout: START_TIMEOUT_MS },
  );
  if (created.status !== 0)
    return {
      skipped: `redis-cli --cluster create failed: ${(created.stdout + created.stderr).trim().slice(-300)}`,
    };
  const cluster: PrivateCluster = {
    url: `redis+cluster://${addresses.join(",")}`,
    nodes,
    admin(port) {
      const admin = new Redis(port, "127.0.0.1", { lazyConnect: true });
      // A node the test killed refuses connections: its commands fail, the event need not crash the file.
      admin.on("error", () => undefined);
      admins.push(admin);
      return admin;
    },
  };
  // Every node must see every slot served, and every replica hold its master's data, before a client is
  // pointed at the cluster (a replica that never synced cannot take over).
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (const node of nodes) {
    const admin = cluster.admin(node.port);
    while (!(await ready(admin))) {
      if (Date.now() > deadline) return { skipped: `node ${node.port} never became ready` };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return cluster;
}

/** Whether a node sees the cluster whole and, if a replica, has finished syncing with its master. */
async function ready(admin: Redis): Promise<boolean> {
  if (!String(await admin.cluster("INFO")).includes("cluster_state:ok")) return false;
  const replication = await admin.info("replication");
  if (replication.includes("role:master")) return true;
  return replication.includes("master_link_status:up") && replication.includes("master_sync_in_progress:0");
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** Whether the node on `port` answers a PING within the start timeout. */
async function answersSoon(port: number): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await answers(`redis://127.0.0.1:${port}`)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
