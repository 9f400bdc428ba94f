/**
 * A key as people paste it: inside smart quotes, Chinese and Japanese brackets and punctuation, markdown,
 * a URL, JSON, a list; with a zero-width space or a soft hyphen inside it, or in full-width letters (what a
 * phone keyboard in a CJK mode types); after a few words of either language. Over a thousand wrappings of
 * one key, each distinct.
 */

const WRAPPERS: ReadonlyArray<(key: string) => string> = [
  (k) => k,
  (k) => `“${k}”`,
  (k) => `‘${k}’`,
  (k) => `"${k}"`,
  (k) => `'${k}'`,
  (k) => `«${k}»`,
  (k) => `「${k}」`,
  (k) => `『${k}』`,
  (k) => `（${k}）`,
  (k) => `【${k}】`,
  (k) => `《${k}》`,
  (k) => `key：${k}`,
  (k) => `${k}，`,
  (k) => `${k}。`,
  (k) => `${k}…`,
  (k) => `${k}!!`,
  (k) => `*${k}*`,
  (k) => `**${k}**`,
  (k) => `_${k}_`,
  (k) => `__${k}__`,
  (k) => `~~${k}~~`,
  (k) => `\`${k}\``,
  (k) => `\`\`\`\n${k}\n\`\`\``,
  (k) => `|${k}|`,
  (k) => `||${k}||`,
  (k) => `[${k}](https://example.com)`,
  (k) => `https://example.com/keys/${k}`,
  (k) => `https://example.com/?key=${k}&x=1`,
  (k) => `<${k}>`,
  (k) => `(${k})`,
  (k) => `{"api_key":"${k}"}`,
  (k) => `key=${k};`,
  (k) => `- ${k}`,
  (k) => `1. ${k}`,
  (k) => `> ${k}`,
  (k) => `\u200b${k}\u200b`,
  (k) => `${k}\u200d`,
  (k) => `\ufeff${k}`,
  (k) => `→${k}←`,
  (k) => `🔑${k}🔑`,
];

const CONTEXTS: ReadonlyArray<(wrapped: string) => string> = [
  (w) => w,
  (w) => `my key is ${w}`,
  (w) => `这是我的密钥：${w}`,
  (w) => `here:\n${w}\nthanks`,
  (w) => `API key -> ${w} ok?`,
];

/** The key itself as it may be typed: whole, broken by an invisible character, or in full-width letters. */
const FORMS: ReadonlyArray<(key: string) => string> = [
  (k) => k,
  (k) => `${k.slice(0, 10)}\u200b${k.slice(10)}`,
  (k) => `${k.slice(0, 20)}\u00ad${k.slice(20)}`,
  (k) => `${k.slice(0, 5)}\u2060${k.slice(5, 25)}\u200c${k.slice(25)}`,
  (k) => [...k].map((c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)).join(""),
  (k) => `${k.slice(0, 8)}\u200e${k.slice(8)}`,
];

/** Every wrapping of `key` (WRAPPERS × CONTEXTS × FORMS: 1,200), each distinct. */
export function keyWrappings(key: string): string[] {
  const all = new Set<string>();
  for (const form of FORMS)
    for (const wrap of WRAPPERS) for (const context of CONTEXTS) all.add(context(wrap(form(key))));
  return [...all];
}
