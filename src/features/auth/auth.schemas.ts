import { z } from '@/shared/validation';
import { COUNTRY_CODES, CURRENCY_CODES } from '@/shared/countries';
import { CODE_PATTERN, SIGN_UP_LENGTHS } from './sign-up-fields';

const trimmedText = ([min, max]: readonly [number, number]) => z.string().trim().min(min).max(max);

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
  firstName: trimmedText(SIGN_UP_LENGTHS.firstName),
  lastName: trimmedText(SIGN_UP_LENGTHS.lastName),
  shopName: trimmedText(SIGN_UP_LENGTHS.shopName),
  country: z.enum(COUNTRY_CODES),
  currency: z.enum(CURRENCY_CODES),
});
export type TSignUpFields = z.infer<typeof ZSignUpFields>;

export const ZCodeInput = z.string().trim().regex(CODE_PATTERN, 'Le code contient 6 chiffres.');

/** « Se déconnecter de tous les appareils »: how many sign-ins were still open. */
export const ZSignOutEverywhereResult = z.object({
  revokedSessions: z.number().int(),
});
export type TSignOutEverywhereResult = z.infer<typeof ZSignOutEverywhereResult>;
