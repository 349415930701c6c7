export type DenominationCounts = Record<string, number>;

/** The drawer's total from its count by note and coin value (« 10000 » → how many). */
export function countedTotal(counts: DenominationCounts): number {
  return Object.entries(counts).reduce((sum, [value, n]) => sum + Number(value) * n, 0);
}
