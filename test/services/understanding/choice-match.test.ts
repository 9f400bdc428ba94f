import { describe, expect, it } from "vitest";
import {
  type Choice,
  matchChoice,
  normalizeAnswer,
} from "../../../src/services/understanding/choice-match.ts";

const labels = (...names: string[]): Choice[] => names.map((label) => ({ label }));

describe("normalizeAnswer", () => {
  it.each([
    ["  Weekly  ", "weekly"],
    ["📈 Above", "above"],
    ["Someone else's", "someone else s"],
    ["其他…", "其他"],
    ["ＢＵＹ", "buy"],
    ["(personal wallet)", "personal wallet"],
    ["50%", "50%"],
    ["0.5", "0.5"],
    ["1,000", "1,000"],
    ["ok.", "ok"],
  ])("%j -> %j", (text, normalized) => {
    expect(normalizeAnswer(text)).toBe(normalized);
  });
});

describe("matchChoice", () => {
  const cadence = labels("Daily", "Weekly", "Fortnightly", "Monthly");
  const side = labels("📈 Above", "📉 Below");
  const owner = labels("Mine", "Someone else's");
  const kind = labels("A person", "A business");
  const wallet = labels("Personal wallet", "Exchange account");
  const zhCadence = labels("每天", "每周", "每两周", "每月");
  const zhOther = labels("币安", "Coinbase", "其他…");
  const shares = labels("25%", "50%", "All");

  it.each<[string, readonly Choice[], number]>([
    ["weekly", cadence, 1],
    ["WEEKLY", cadence, 1],
    ["week", cadence, 1],
    ["month", cadence, 3],
    ["2", cadence, 1],
    ["below", side, 1],
    ["Above", side, 0],
    ["someone else", owner, 1],
    ["someone", owner, 1],
    ["else", owner, 1],
    ["mine", owner, 0],
    ["person", kind, 0],
    ["business", kind, 1],
    ["a bus", kind, 1],
    ["personal", wallet, 0],
    ["exchange", wallet, 1],
    ["每周", zhCadence, 1],
    ["每月", zhCadence, 3],
    ["两周", zhCadence, 2],
    ["其他", zhOther, 2],
    ["coinbase", zhOther, 1],
    ["50%", shares, 1],
    ["all", shares, 2],
    ["montly", cadence, 3],
    ["fortnighly", cadence, 2],
  ])("%j picks option %#", (text, choices, index) => {
    expect(matchChoice(text, choices)).toEqual({ kind: "one", index });
  });

  it("asks which when several options fit as well", () => {
    expect(matchChoice("a", kind)).toEqual({ kind: "none" });
    expect(matchChoice("per", labels("Personal wallet", "Person"))).toEqual({
      kind: "some",
      indices: [0, 1],
    });
    expect(matchChoice("每", zhCadence)).toEqual({ kind: "none" });
  });

  it("extra words pick their option", () => {
    const confirm: Choice[] = [
      { label: "✅ Confirm", words: ["yes", "ok", "好", "确认"] },
      { label: "Cancel", words: ["no", "取消"] },
    ];
    expect(matchChoice("yes", confirm)).toEqual({ kind: "one", index: 0 });
    expect(matchChoice("OK!", confirm)).toEqual({ kind: "one", index: 0 });
    expect(matchChoice("好", confirm)).toEqual({ kind: "one", index: 0 });
    expect(matchChoice("取消", confirm)).toEqual({ kind: "one", index: 1 });
    expect(matchChoice("no", confirm)).toEqual({ kind: "one", index: 1 });
  });

  it("never stretches a number: typed amounts stay amounts", () => {
    expect(matchChoice("50", shares, { byNumber: false })).toEqual({ kind: "none" });
    expect(matchChoice("5", shares, { byNumber: false })).toEqual({ kind: "none" });
    expect(matchChoice("2", shares, { byNumber: false })).toEqual({ kind: "none" });
    expect(matchChoice("250", shares, { byNumber: false })).toEqual({ kind: "none" });
    expect(matchChoice("0.5", shares, { byNumber: false })).toEqual({ kind: "none" });
  });

  it("numbers out of the list, free text and empty answers pick nothing", () => {
    expect(matchChoice("9", cadence)).toEqual({ kind: "none" });
    expect(matchChoice("0", cadence)).toEqual({ kind: "none" });
    expect(matchChoice("🙂", cadence)).toEqual({ kind: "none" });
    expect(matchChoice("", cadence)).toEqual({ kind: "none" });
    expect(matchChoice("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", owner)).toEqual({ kind: "none" });
    expect(matchChoice("hello there", cadence)).toEqual({ kind: "none" });
    expect(matchChoice("weekly", [])).toEqual({ kind: "none" });
  });
});

describe("common words", () => {
  it("a common word inside a label does not pick it ('much' in 'Say how much SOL to buy')", () => {
    const options = labels("25%", "50%", "Say how much SOL to buy", "Cancel");
    expect(matchChoice("much", options)).toEqual({ kind: "none" });
    expect(matchChoice("how much", options)).toEqual({ kind: "none" });
    // A word that says which one still does.
    expect(matchChoice("sol", options)).toEqual({ kind: "one", index: 2 });
  });
});
