// The sign-up fields' rules, without zod: the API's schema (auth.schemas.ts) is built from them, and
// the sign-in page (which loads no zod) checks the same before it sends anything.
import { textLengthError } from '@/shared/validation-messages';

/** Trimmed length bounds of the sign-up's text fields. */
export const SIGN_UP_LENGTHS = {
  firstName: [1, 60],
  lastName: [1, 60],
  shopName: [2, 80],
} as const satisfies Record<string, readonly [number, number]>;

export type SignUpTextField = keyof typeof SIGN_UP_LENGTHS;

/**
 * The code step's answer to a right code for a phone without an account, sent without sign-up
 * fields: the form then asks them, and the same code (still open) signs up.
 */
export const SIGN_UP_NEEDED = 'SIGN_UP_NEEDED';

export const CODE_PATTERN = /^\d{6}$/;

/** The code field's error, if any, said before anything is sent. */
export function codeError(code: string): string | null {
  return CODE_PATTERN.test(code.trim()) ? null : 'Saisissez les 6 chiffres reçus par SMS.';
}

/** Each sign-up text field's error (first name, last name, shop name), or none. */
export function signUpFieldErrors(
  values: Record<SignUpTextField, string>,
): Partial<Record<SignUpTextField, string>> {
  const errors: Partial<Record<SignUpTextField, string>> = {};
  for (const field of Object.keys(SIGN_UP_LENGTHS) as SignUpTextField[]) {
    const error = textLengthError(values[field] ?? '', SIGN_UP_LENGTHS[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * Firebase's answer for an account that proved no phone (e-mail and password, e-mail link): the
 * page then has the phone confirmed by SMS, linked to that account, and signs in again. Comptoir's
 * users are their phones: it is what the till, the team and the same person's built-in sign-in share.
 */
export const PHONE_NEEDED = 'PHONE_NEEDED';
