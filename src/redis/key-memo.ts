/**
 * Redis key builders that hand out the same string for the same input while it is among the last ones built.
 * The read-ahead (services/runtime/update-reads.ts) finds an update's values by their keys, which the reader
 * and the read-ahead each build: two strings built apart from the same text are compared by copying each flat
 * and then character by character (hundreds of nanoseconds, several times per update), where the same string
 * is compared by reference.
 */

/** How many inputs a builder remembers before it starts afresh (a few hundred KB at most). */
const REMEMBERED = 1024;

/** `build`, remembering what it built for the last {@link REMEMBERED} inputs. */
export function memoKeys<I>(build: (input: I) => string): (input: I) => string {
  let built = new Map<I, string>();
  return (input) => {
    let key = built.get(input);
    if (key === undefined) {
      if (built.size >= REMEMBERED) built = new Map();
      key = build(input);
      built.set(input, key);
    }
    return key;
  };
}
