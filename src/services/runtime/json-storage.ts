/**
 * grammY's storage adapter shape (sessions; conversations use it with versioned state): what the stores on
 * Redis (redis-storage.ts) and the wrappers around them (update-reads.ts, bot/pipeline/cancel-scope.ts) are.
 */
export interface JsonStorage<T> {
  read(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** The Redis key a value is kept under, so an update can read it ahead (see update-reads.ts). */
  redisKey?(key: string): string;
}
