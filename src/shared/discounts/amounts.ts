/*
 * Integer arithmetic on minor units. Percentages travel as basis points (12,5 % → 1 250) so every
 * product stays an exact integer: an amount ≤ 10^10 (MAX_AMOUNT) times 10^4 is far below 2^53.
 */

export const FULL = 10_000;

/** 12.5 → 1 250, clamped to 0–100 %. */
export function basisPoints(percentage: number): number {
  if (!Number.isFinite(percentage)) return 0;
  return Math.min(FULL, Math.max(0, Math.round(percentage * 100)));
}

/** `amount × bp / 10 000`, half up: the half unit goes to the customer. */
export function percentOf(amount: number, bp: number): number {
  const product = amount * bp;
  const quotient = Math.floor(product / FULL);
  return (product - quotient * FULL) * 2 >= FULL ? quotient + 1 : quotient;
}

/** `amount × bp / 10 000`, down: for the cap, the shop's bound. */
export function percentFloor(amount: number, bp: number): number {
  return Math.floor((amount * bp) / FULL);
}

/**
 * Shares `total` in proportion to `weights` (largest remainder): the shares sum to `total` exactly,
 * and none passes its weight when `total` does not pass their sum. Ties in remainders go to the
 * earlier weight, so callers pass weights in a stable order. Products past 2^53 go through BigInt.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  let sum = 0;
  let largest = 0;
  for (const weight of weights) {
    sum += weight;
    if (weight > largest) largest = weight;
  }
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = total * largest <= Number.MAX_SAFE_INTEGER;
  const shares: number[] = [];
  const remainders: number[] = [];
  for (const weight of weights) {
    if (exact) {
      const product = total * weight;
      const share = Math.floor(product / sum);
      shares.push(share);
      remainders.push(product - share * sum);
    } else {
      const product = BigInt(total) * BigInt(weight);
      const share = product / BigInt(sum);
      shares.push(Number(share));
      remainders.push(Number(product - share * BigInt(sum)));
    }
  }
  let left = total - shares.reduce((s, x) => s + x, 0);
  if (left <= 0) return shares;
  const order = weights.map((_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const i of order) {
    if (left <= 0) break;
    if (remainders[i]! > 0) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** The amounts lowered proportionally so they sum to at most `limit`. */
export function scaleDown(amounts: readonly number[], limit: number): number[] {
  const sum = amounts.reduce((s, x) => s + x, 0);
  return sum <= limit ? [...amounts] : spread(Math.max(0, limit), amounts);
}
