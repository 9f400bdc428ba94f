/** The look every picture the bot draws shares (/portfolio, /chart, the chart in alerts). */

/** The card's colours; text and slice colours are checked for contrast against `background`. */
export const CHART_THEME = {
  background: "#27303d",
  text: "#f5f7fa",
  muted: "#c2cbd6",
  gain: "#5ee3a1",
  loss: "#ff9c9c",
  rule: "#4a5566",
  cash: "#e6ebf1",
  other: "#9aa6b8",
  slices: ["#64a8fb", "#f5a524", "#b69cfb", "#3fd6c8", "#f77fbe", "#a8e05f", "#fb8c5a"],
} as const;

/** The font family the SVG asks for; render.ts loads it from the bundled font files. */
export const CHART_FONT = "Inter";
