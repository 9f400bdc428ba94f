/**
 * Which of a question's options a typed answer picks: the one shared matcher behind every step that offers
 * buttons, so that whatever a button says can also be typed, in either language.
 *
 * A typed text picks an option when, ignoring case, width, emoji, most punctuation and a trailing "…", it is
 * the option's label or one of its extra words, the option's number in the list, a start of its label, or
 * words each starting a word of only that label; a typo of one letter in a longer word is forgiven. Numbers
 * are never stretched: "50" is not "50%", so amount steps keep their typed amounts.
 */
import { distance } from "fastest-levenshtein";

/** One option of a question: the label its button shows, and other words that pick it too. */
export interface Choice {
  label: string;
  /** E.g. "yes" and "ok" for a Confirm, or an asset's names for its code. */
  words?: readonly string[];
}

/** What a typed text picked. */
export type ChoiceMatch =
  | { kind: "one"; index: number }
  /** Two or more options fit equally well: ask which, with just these. */
  | { kind: "some"; indices: number[] }
  | { kind: "none" };

/** Options of {@link matchChoice}. */
export interface MatchOptions {
  /**
   * Whether "2" picks the second option. Off where a typed number is itself an answer (an amount, a
   * level, an hour), so that it is never taken for a button.
   */
  byNumber?: boolean;
  /**
   * Whether the looser rules apply too (a start of a label or of its words, a typo); without them only a
   * whole label or word, or a number, picks. Off where the text may well mean something else.
   */
  loose?: boolean;
}

// Emoji (with their joiners and variation selectors), brackets, quotes and sentence punctuation of both
// languages; "%", "$", "/" and the points and commas inside numbers are kept, as they carry meaning.
const NOISE =
  /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\u{20E3}|[\p{Ps}\p{Pe}\p{Pi}\p{Pf}]|['"!?¡¿;:、，。！？：；…·•*_~`#]|(?<!\d)[.,]|[.,](?!\d)/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const DIGIT = /\d/;
const PLAIN = /^[A-Za-z0-9 ]*$/;

/** Lower case, one width, no emoji or punctuation, single spaces: the form labels and answers are compared in. */
export function normalizeAnswer(text: string): string {
  // Plain words and numbers (most answers) have nothing to fold or strip.
  if (PLAIN.test(text)) return text.toLowerCase().trim().replace(/ {2,}/g, " ");
  return text.normalize("NFKC").toLowerCase().replace(NOISE, " ").replace(/\s+/g, " ").trim();
}

/** The forms an option is known by: its label and its extra words, each normalized. */
function formsOf(choice: Choice): string[] {
  return [choice.label, ...(choice.words ?? [])].map(normalizeAnswer).filter((form) => form !== "");
}

/** The indices of the options for which `fits` holds on one of their forms. */
function where(forms: readonly string[][], fits: (form: string) => boolean): number[] {
  const found: number[] = [];
  forms.forEach((known, index) => {
    if (known.some(fits)) found.push(index);
  });
  return found;
}

/**
 * Common words that say nothing of which option is meant: a text made of these alone ("much", "how much",
 * "to the") never picks an option because a label happens to hold them.
 */
const COMMON_WORDS = new Set(
  "a an the to of for with in on at by my me i it is are be how much many what which who say said and or but this that your you".split(
    " ",
  ),
);

/** Whether the typed word `typed` starts the label's word `word` (numbers must be whole). */
function startsWord(word: string, typed: string): boolean {
  if (DIGIT.test(typed)) return word === typed;
  return word.startsWith(typed);
}

/** Whether each typed word starts a different word of `form`, in order. */
function wordsStart(form: string, typed: readonly string[]): boolean {
  const words = form.split(" ");
  let at = 0;
  for (const part of typed) {
    while (at < words.length && !startsWord(words[at] as string, part)) at++;
    if (at === words.length) return false;
    at++;
  }
  return true;
}

/** Whether `form` is `typed` give or take one slip of a key (words of five letters and more only). */
function nearly(form: string, typed: string): boolean {
  if (DIGIT.test(typed) || typed.length < 5) return false;
  const allowed = typed.length >= 9 ? 2 : 1;
  return (
    form.split(" ").some((word) => word.length >= 4 && distance(word, typed) <= allowed) ||
    distance(form, typed) <= allowed
  );
}

/** One option when exactly one was found, the few when several were, else nothing. */
function verdict(found: readonly number[]): ChoiceMatch | undefined {
  if (found.length === 1) return { kind: "one", index: found[0] as number };
  if (found.length > 1) return { kind: "some", indices: [...found] };
  return undefined;
}

/**
 * Matches a typed answer against a question's options; the first rule that finds any option decides
 * (the exact label or word, the number, the start of a label, words that start its words, a typo).
 */
export function matchChoice(
  text: string,
  choices: readonly Choice[],
  options: MatchOptions = {},
): ChoiceMatch {
  const typed = normalizeAnswer(text);
  if (typed === "" || choices.length === 0) return { kind: "none" };
  const forms = choices.map(formsOf);
  const exact = verdict(where(forms, (form) => form === typed || form.replaceAll(" ", "") === typed));
  if (exact) return exact;
  if (options.byNumber !== false && /^\d{1,2}$/.test(typed)) {
    const index = Number(typed) - 1;
    if (index >= 0 && index < choices.length) return { kind: "one", index };
  }
  if (options.loose === false) return { kind: "none" };
  // Chinese and Japanese write without spaces: a piece of two characters or more anywhere in the label.
  if (CJK.test(typed)) {
    const compact = typed.replaceAll(" ", "");
    return (
      verdict(where(forms, (form) => compact.length >= 2 && form.replaceAll(" ", "").includes(compact))) ??
      verdict(where(forms, (form) => form.length >= 2 && compact.includes(form.replaceAll(" ", "")))) ?? {
        kind: "none",
      }
    );
  }
  const parts = typed.split(" ");
  const byStart =
    verdict(where(forms, (form) => !DIGIT.test(typed) && typed.length >= 2 && form.startsWith(typed))) ??
    verdict(
      where(
        forms,
        (form) =>
          parts.some((part) => part.length >= 2 && !COMMON_WORDS.has(part)) && wordsStart(form, parts),
      ),
    );
  if (byStart) return byStart;
  return verdict(where(forms, (form) => nearly(form, typed))) ?? { kind: "none" };
}
