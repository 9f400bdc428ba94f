/**
 * `npm run bench:listen [-- --smoke]`: what reading a typed text costs, per message: the plain-request reader
 * (services/understanding/requests.ts) over the real locale words and the sandbox's listed assets, on texts
 * that are requests and texts that are none, and the choice matcher on a guided step's buttons. Prints
 * figures only; nothing is asserted.
 */
import { performance } from "node:perf_hooks";
import { requestWords } from "../src/bot/flow-kit/vocabulary.ts";
import { createI18n } from "../src/bot/pipeline/i18n.ts";
import { ASSETS } from "../src/sandbox/assets.ts";
import { assetDirectory, parseAliases } from "../src/services/market/asset-names.ts";
import { matchChoice } from "../src/services/understanding/choice-match.ts";
import { RequestReader } from "../src/services/understanding/requests.ts";

const smoke = process.argv.includes("--smoke");
const rounds = smoke ? 200 : 20_000;

const i18n = createI18n();
const aliases = new Map<string, string[]>();
for (const language of ["en", "zh"]) {
  for (const [code, words] of parseAliases(i18n.fluent.translate(language, "asset-aliases")))
    aliases.set(code, [...(aliases.get(code) ?? []), ...words]);
}
const directory = assetDirectory(new Map(ASSETS.map((asset) => [asset.code, asset.name])), aliases);
const reader = new RequestReader(
  requestWords(i18n.fluent),
  (phrase) => directory.exact.get(phrase),
  directory.exact.keys(),
);

const CASES: { name: string; texts: string[]; run: (text: string) => unknown }[] = [
  {
    name: "no request (plain chat)",
    texts: ["hello there", "thanks a lot", "what a day", "ok", "你好", "今天天气怎么样"],
    run: (text) => reader.read(text),
  },
  {
    name: "requests (English)",
    texts: ["btc", "price of eth?", "buy 100 aud of eth", "sell 0.2 btc", "swap 0.01 btc to eth", "eth > 6k"],
    run: (text) => reader.read(text),
  },
  {
    name: "requests (Chinese)",
    texts: ["比特币价格", "卖出 0.5 个以太坊", "买100澳元的以太坊", "比特币跌破9万提醒我", "余额"],
    run: (text) => reader.read(text),
  },
  {
    name: "choice on a step's buttons",
    texts: ["weekly", "每周", "month", "2", "fortnighly", "nothing like it"],
    run: (text) =>
      matchChoice(
        text,
        ["Daily", "Weekly", "Fortnightly", "Monthly", "Cancel"].map((label) => ({ label })),
      ),
  },
];

console.log(`bench:listen: ${rounds} rounds of each case's texts, ${smoke ? "smoke" : "full"} run`);
console.log("| case | texts | µs per message (median of 5 runs) |");
console.log("|---|---|---|");
for (const item of CASES) {
  for (const text of item.texts) item.run(text); // warm up
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (let round = 0; round < rounds; round++) for (const text of item.texts) item.run(text);
    runs.push(((performance.now() - started) * 1000) / (rounds * item.texts.length));
  }
  const median = runs.sort((a, b) => a - b)[2] as number;
  console.log(`| ${item.name} | ${item.texts.length} | ${median.toFixed(2)} |`);
}
