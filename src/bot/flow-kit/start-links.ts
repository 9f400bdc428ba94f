/**
 * Links that open the bot at a feature (`https://t.me/<bot>?start=<parameter>`): their parameters, known to
 * the feature that makes the link (an inline card) and to the one that answers it (/chart).
 */

/** The start parameter's prefix of a chart link (`/start chart-BTC`, from an inline card's button). */
export const CHART_START = "chart-";
