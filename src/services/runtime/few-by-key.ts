/**
 * The few values an update keeps by key (and field, for a hash; "" for a plain key), in its reads
 * (update-frame.ts): a list searched by comparing, not a Map, which would flatten and hash every key it is
 * asked for. Readers and the read-ahead build their keys with the same memoized builders
 * (redis/key-memo.ts), so a comparison that matches is one of references.
 */
export class FewByKey<V> {
  /** Key, field and value of each entry in turn: one array (one allocation) rather than three. */
  private readonly entries: (string | V)[] = [];

  private indexOf(key: string, field: string): number {
    const { entries } = this;
    for (let at = 0; at < entries.length; at += 3) {
      if (entries[at] === key && entries[at + 1] === field) return at;
    }
    return -1;
  }

  set(key: string, field: string, value: V): void {
    const at = this.indexOf(key, field);
    if (at !== -1) this.entries[at + 2] = value;
    else this.entries.push(key, field, value);
  }

  get(key: string, field = ""): V | undefined {
    const at = this.indexOf(key, field);
    return at === -1 ? undefined : (this.entries[at + 2] as V);
  }

  /** Removes `key` (its `field`), returning its value. */
  take(key: string, field = ""): V | undefined {
    const at = this.indexOf(key, field);
    if (at === -1) return undefined;
    const { entries } = this;
    const value = entries[at + 2] as V;
    // The last entry moves into the place taken.
    const last = entries.length - 3;
    entries[at] = entries[last] as string;
    entries[at + 1] = entries[last + 1] as string;
    entries[at + 2] = entries[last + 2] as V;
    entries.length = last;
    return value;
  }

  clear(): void {
    this.entries.length = 0;
  }
}
