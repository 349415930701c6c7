/** EAN-13: twelve digits and a check digit (weights 1, 3 alternating from the left). */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * A code in the 20–29 prefix range, which GS1 keeps for a shop's own use (never printed by a
 * manufacturer), so a generated code cannot clash with a bought product's.
 */
export function randomInStoreEan13(random: () => number = Math.random): string {
  let first12 = String(20 + Math.floor(random() * 10));
  while (first12.length < 12) first12 += String(Math.floor(random() * 10));
  return `${first12}${ean13CheckDigit(first12)}`;
}
