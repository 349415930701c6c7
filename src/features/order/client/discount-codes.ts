import { MAX_DISCOUNT_CODES, MAX_DISCOUNT_CODE_LENGTH } from './order-form';
import type { PricedDraft } from './draft-pricing';

/* « Codes promo » in the order editor: the codes typed, and what the engine made of each. */

/** As the server compares them: trimmed, in upper case. */
export const normalisedCode = (typed: string) => typed.trim().toUpperCase();

/** The list with the code typed added, or why it is not (in French, shown under the field). */
export function addDiscountCode(
  codes: readonly string[],
  typed: string,
): { codes: string[] } | { error: string } {
  const code = normalisedCode(typed);
  if (!code) return { error: 'Saisissez un code promo.' };
  if (code.length > MAX_DISCOUNT_CODE_LENGTH)
    return { error: `Un code promo compte au plus ${MAX_DISCOUNT_CODE_LENGTH} caractères.` };
  if (codes.some((c) => normalisedCode(c) === code)) return { error: 'Ce code est déjà saisi.' };
  // The server's own words (ZDiscountCodesInput).
  if (codes.length >= MAX_DISCOUNT_CODES) return { error: 'Cinq codes au plus par commande.' };
  return { codes: [...codes, code] };
}

export type CodeState =
  | { code: string; state: 'applied' }
  | { code: string; state: 'refused'; reason: string }
  /** The shop's discounts are not in yet (or could not be read): the server will say. */
  | { code: string; state: 'pending' };

/** Each code typed, in the order typed, as the engine answered for it. */
export function codeStates(codes: readonly string[], priced: PricedDraft): CodeState[] {
  const applied = new Set(priced.appliedCodes.map(normalisedCode));
  const refused = new Map(priced.refusedCodes.map((r) => [normalisedCode(r.code), r.reason]));
  return codes.map((code) => {
    const key = normalisedCode(code);
    if (!priced.isPriced) return { code, state: 'pending' };
    if (applied.has(key)) return { code, state: 'applied' };
    // The engine answers for every code typed; this is only a guard.
    return {
      code,
      state: 'refused',
      reason: refused.get(key) ?? 'Ce code ne s’applique pas à cette commande',
    };
  });
}

/** « FAUX : Code inconnu », as the server words a refusal (contract §2). */
export function refusalMessage(states: readonly CodeState[]): string | null {
  const refused = states.filter((s) => s.state === 'refused');
  return refused.length
    ? refused.map((s) => `${s.code}\u00a0: ${s.state === 'refused' ? s.reason : ''}`).join(' · ')
    : null;
}
