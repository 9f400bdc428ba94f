/** The account statement as a PDF, for a range of at most twelve months. */
import type { Transport } from "./http.ts";
import { checkStatementRange } from "./requests/statements.ts";

/** Operations on statements. */
export function statementsApi(http: Transport) {
  return {
    /** The statement PDF for [from, to]; the range is checked before anything is sent. */
    pdf: async (from: Date, to: Date) =>
      http.requestPdf("statements.pdf", { query: { ...checkStatementRange(from, to) } }),
  };
}
