/**
 * `npm run vault:rotate`: re-encrypts every vault record under the first key of `VAULT_KEYS`.
 *
 * Retiring a key: put the new key first (`VAULT_KEYS=new:...,old:...`), deploy, run this until it
 * reports `failed 0`, then drop `old`. Needs only `REDIS_URL` and `VAULT_KEYS`.
 *
 * Exit status: 0 all done, 1 some records failed (left untouched) or Redis failed, 2 bad environment.
 */

import { realpathSync } from "node:fs";
import { ConfigError, createVaultConfig, type VaultConfig } from "../config.ts";
import { appKeyPrefix, createRedisClient } from "../redis/url.ts";
import { createVault } from "./vault.ts";

/** Where the command writes. */
export interface CliOutput {
  readonly log: (line: string) => void;
  readonly error: (line: string) => void;
}

/** Overrides for {@link runRotateCli}; the command itself uses the defaults. */
export interface RotateCliOptions {
  /** Default: the console. */
  readonly out?: CliOutput;
  /** The vault's key prefix; default the bot's (`vault:`, `{surge}:vault:` on a Redis Cluster). */
  readonly prefix?: string;
}

/** Runs one rotation with settings from `env` and returns the exit status. */
export async function runRotateCli(
  env: Record<string, string | undefined>,
  { out = console, prefix }: RotateCliOptions = {},
): Promise<number> {
  let settings: VaultConfig;
  try {
    settings = createVaultConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(`vault:rotate: ${error.message}`);
    return 2;
  }
  // A command should fail fast rather than wait for Redis forever.
  const redis = createRedisClient(settings.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // Failures surface as rejected commands below; without a listener ioredis would also print them raw.
  redis.on("error", () => {});
  try {
    await redis.connect();
    const vaultPrefix = prefix ?? `${appKeyPrefix(settings.redisUrl)}vault:`;
    const result = await createVault({ redis, keyring: settings.vaultKeys, prefix: vaultPrefix }).rotate();
    out.log(`rotated ${result.rotated}, already current ${result.current}, failed ${result.failed}`);
    return result.failed > 0 ? 1 : 0;
  } catch (error) {
    out.error(`vault:rotate: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    redis.disconnect();
  }
}

/** True when this file is the program being run (`import.meta.main` needs Node 24; engines allow 22). */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === import.meta.filename;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await runRotateCli(process.env);
}
