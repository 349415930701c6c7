/*
 * What the drawer of a cash session should hold, one formula for both sides: the server computes
 * it from every tablet's ops (the session's figure, X and Z reports), the till from its own
 * records while it waits for the server. No zod here: the till loads this file.
 */

/** Cash that went through the drawer during a session, in the currency's minor unit. */
export interface CashFlows {
  cashSales: number;
  cashRefunds: number;
  cashIn: number;
  cashOut: number;
}

/** Net cash the flows put in the drawer (sales − refunds + cash in − cash out). */
export function netCash(flows: CashFlows): number {
  return flows.cashSales - flows.cashRefunds + flows.cashIn - flows.cashOut;
}

/** Expected cash = float + cash taken − cash refunded + cash in − cash out. */
export function expectedCashOf(openingFloat: number, flows: CashFlows): number {
  return openingFloat + netCash(flows);
}
