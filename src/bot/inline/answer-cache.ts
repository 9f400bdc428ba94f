/**
 * The inline answers given for one market reading, by language, time zone and query: the users typing the
 * same letters while a reading is shown (a few seconds: services/market/market-data.ts) get the same
 * cards, worked out once. Kept per reading, so a new reading starts afresh and an old one's answers go with
 * it; and only for short queries (what an asset list takes), so that text pasted by mistake, a key
 * included, is never kept.
 */

/** The longest query whose answer is kept. */
export const MAX_KEPT_QUERY = 32;
/** Answers kept per reading at most (a reading lasts seconds; this bounds a storm of distinct queries). */
const MAX_PER_READING = 1000;

/** Answers of type `T` per reading (any object that stands for one, e.g. the ticker read). */
export interface AnswerCache<T> {
  /** The answer kept for `query` in `language` and `zone` on `reading`, if any. */
  get(reading: object, language: string, zone: string, query: string): T | undefined;
  /** Keeps `answer` (unless the query is too long to keep). */
  set(reading: object, language: string, zone: string, query: string, answer: T): void;
}

/** Creates an empty cache. */
export function createAnswerCache<T>(): AnswerCache<T> {
  const byReading = new WeakMap<object, Map<string, T>>();
  const keyOf = (language: string, zone: string, query: string) =>
    query.length > MAX_KEPT_QUERY ? undefined : `${language}\n${zone}\n${query}`;
  return {
    get(reading, language, zone, query) {
      const key = keyOf(language, zone, query);
      return key === undefined ? undefined : byReading.get(reading)?.get(key);
    },
    set(reading, language, zone, query, answer) {
      const key = keyOf(language, zone, query);
      if (key === undefined) return;
      let answers = byReading.get(reading);
      if (answers === undefined) {
        answers = new Map();
        byReading.set(reading, answers);
      }
      if (answers.size >= MAX_PER_READING) answers.clear();
      answers.set(key, answer);
    },
  };
}
