// The words of the commonest field errors, in one place: zod's French error map (validation.ts)
// and the light pages' own checks (sign-in, which load no zod) say them alike.
export const REQUIRED_MESSAGE = 'Ce champ est obligatoire.';

export function tooShortMessage(minimum: number | bigint): string {
  return `Au moins ${minimum} caractères.`;
}

export function tooLongMessage(maximum: number | bigint): string {
  return `Au plus ${maximum} caractères.`;
}

/** A text field's error for its length bounds (trimmed), or null. */
export function textLengthError(value: string, [min, max]: readonly [number, number]): string | null {
  const length = value.trim().length;
  if (length === 0 && min > 0) return REQUIRED_MESSAGE;
  if (length < min) return min <= 1 ? REQUIRED_MESSAGE : tooShortMessage(min);
  if (length > max) return tooLongMessage(max);
  return null;
}
