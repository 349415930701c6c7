import { z } from '@/shared/validation';
import { COUNTRY_CODES, CURRENCY_CODES } from '@/shared/countries';

export const ZPhoneInput = z.string().trim().min(1).max(32);

export const ZSendCodeBody = z.object({
  phone: ZPhoneInput,
  /** The country the number is typed in when it has no +prefix. */
  country: z.enum(COUNTRY_CODES).default('SN'),
});
export const ZSendCodeResult = z.object({
  phone: z.string(),
  expiresInSeconds: z.number().int(),
});

export const ZSignUpFields = z.object({
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  shopName: z.string().trim().min(2).max(80),
  country: z.enum(COUNTRY_CODES),
  currency: z.enum(CURRENCY_CODES),
});
export type TSignUpFields = z.infer<typeof ZSignUpFields>;

export const ZCodeInput = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Le code contient 6 chiffres.');

/**
 * The code step's answer to a right code for a phone without an account, sent without sign-up
 * fields: the form then asks them, and the same code (still open) signs up.
 */
export const SIGN_UP_NEEDED = 'SIGN_UP_NEEDED';

/** « Se déconnecter de tous les appareils »: how many sign-ins were still open. */
export const ZSignOutEverywhereResult = z.object({
  revokedSessions: z.number().int(),
});
export type TSignOutEverywhereResult = z.infer<typeof ZSignOutEverywhereResult>;
