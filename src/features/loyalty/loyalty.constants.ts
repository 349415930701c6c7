/*
 * The points arithmetic, the one definition for the server, the till (offline) and the screens:
 * plain values and functions, no zod, so that the till loads them cheaply.
 */
import { formatCount } from '@/shared/numbers';

/** What a shop's programme says; `expiryMonths` null: points never expire. */
export interface LoyaltyRules {
  pointsPerThousand: number;
  pointValue: number;
  minRedeem: number;
  expiryMonths: number | null;
}

/** A programme as a shop first sees it: 10 points per 1 000, a point worth 5 (a 5 % return). */
export const DEFAULT_LOYALTY_RULES: LoyaltyRules = {
  pointsPerThousand: 10,
  pointValue: 5,
  minRedeem: 100,
  expiryMonths: 12,
};

export const LOYALTY_BOUNDS = {
  pointsPerThousand: { min: 1, max: 1000 },
  pointValue: { min: 1, max: 10_000 },
  minRedeem: { min: 1, max: 1_000_000 },
  expiryMonths: { min: 1, max: 60 },
} as const;

/** Points an amount earns: whole points, rounded down (999 FCFA at 10 per 1 000 earns 9). */
export function pointsEarned(amount: number, pointsPerThousand: number): number {
  if (amount <= 0) return 0;
  return Math.floor((amount * pointsPerThousand) / 1000);
}

/** What points are worth when spent. */
export function pointsWorth(points: number, pointValue: number): number {
  return Math.max(0, points) * pointValue;
}

/** The points an amount paid with points costs: rounded up (a part of a point is a whole one). */
export function pointsForAmount(amount: number, pointValue: number): number {
  return Math.ceil(amount / pointValue);
}

/**
 * The most a client may pay with their points on a bill: whole points, no more than the bill,
 * nothing under the programme's minimum balance.
 */
export function redeemableAmount(
  balance: number,
  bill: number,
  rules: Pick<LoyaltyRules, 'pointValue' | 'minRedeem'>,
): number {
  if (balance < rules.minRedeem || bill <= 0) return 0;
  return Math.min(pointsWorth(balance, rules.pointValue), bill);
}

export const LOYALTY_ENTRY_KINDS = ['earn', 'redeem', 'refund', 'expire', 'adjust'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

export const LOYALTY_ENTRY_LABELS: Record<LoyaltyEntryKind, string> = {
  earn: 'Points gagnés',
  redeem: 'Points utilisés',
  refund: 'Points rendus (remboursement)',
  expire: 'Points expirés',
  adjust: 'Correction',
};

/** « 1 250 points », « 1 point ». */
export function pointsText(points: number): string {
  return `${formatCount(points)} point${Math.abs(points) > 1 ? 's' : ''}`;
}
