import type { CountryCode } from 'libphonenumber-js';
import type { Database } from '@/server/db';
import { getEnv, platformOperatorPhones } from '@/server/env';
import { describeDetails, issuesToDetails } from '@/shared/validation';
import {
  getUserByPhone,
  insertUser,
  setPlatformOperator,
  type UserRow,
} from '@/features/user/server/user.repository';
import { createShopWithOwner } from '@/features/shop/server/create-shop';
import { codeMatches } from './otp-code';
import { consumeCode, findLatestOpenCode, recordWrongAttempt } from './otp.repository';
import { normalizePhoneOrThrow } from './send-code';
import { ZCodeInput, ZSignUpFields } from '../auth.schemas';
import { SIGN_UP_NEEDED } from '../sign-up-fields';
import { AppError } from '@/server/http/errors';

/** A refusal shown on the sign-in form as it is. */
export class SignInError extends Error {}

export interface SignInInput {
  phone: string;
  code: string;
  country?: CountryCode;
  /** Sign-up fields, required when the phone is new. */
  firstName?: string;
  lastName?: string;
  shopName?: string;
  signupCountry?: string;
  currency?: string;
}

type CodeCheck = { ok: true } | { ok: false; message: string };

async function checkCode(
  db: Database,
  phone: string,
  code: string,
  options: { consume: boolean } = { consume: true },
): Promise<CodeCheck> {
  const { OTP_MAX_ATTEMPTS } = getEnv();
  const open = await findLatestOpenCode(db, phone);
  if (!open) return { ok: false, message: 'Aucun code en cours pour ce numéro. Demandez un nouveau code.' };
  if (open.expiresAt.getTime() <= Date.now()) {
    return { ok: false, message: 'Ce code a expiré. Demandez un nouveau code.' };
  }
  if (!codeMatches(phone, code, open.codeHash)) {
    const attempts = await recordWrongAttempt(db, open.id, OTP_MAX_ATTEMPTS);
    const left = OTP_MAX_ATTEMPTS - attempts;
    return left > 0
      ? { ok: false, message: `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.` }
      : {
          ok: false,
          message: 'Code incorrect, trop d’essais : ce code n’est plus valable. Demandez un nouveau code.',
        };
  }
  if (!options.consume) return { ok: true };
  if (!(await consumeCode(db, open.id)))
    return { ok: false, message: 'Ce code a déjà été utilisé. Demandez un nouveau code.' };
  return { ok: true };
}

/**
 * The credentials provider's heart: a right code signs in an existing user, or signs up a new
 * one with their first shop. Sign-up fields are checked before the code, so a typo in them does
 * not cost a try.
 */
export async function signInWithCode(db: Database, input: SignInInput): Promise<UserRow> {
  let phone: string;
  try {
    phone = normalizePhoneOrThrow(input.phone ?? '', input.country ?? 'SN');
  } catch (error) {
    throw new SignInError(error instanceof AppError ? error.message : 'Ce numéro n’est pas valide.');
  }
  const code = ZCodeInput.safeParse(input.code ?? '');
  if (!code.success) throw new SignInError('Code : le code contient 6 chiffres.');

  const existing = await getUserByPhone(db, phone);
  const signingUp = [
    input.firstName,
    input.lastName,
    input.shopName,
    input.signupCountry,
    input.currency,
  ].some((field) => field !== undefined);
  if (!existing && !signingUp) {
    const check = await checkCode(db, phone, code.data, { consume: false });
    throw new SignInError(check.ok ? SIGN_UP_NEEDED : check.message);
  }
  const signUp = existing
    ? null
    : ZSignUpFields.safeParse({
        firstName: input.firstName,
        lastName: input.lastName,
        shopName: input.shopName,
        country: input.signupCountry,
        currency: input.currency,
      });
  if (signUp && !signUp.success) throw new SignInError(describeDetails(issuesToDetails(signUp.error)));

  const check = await checkCode(db, phone, code.data);
  if (!check.ok) throw new SignInError(check.message);

  const isOperator = platformOperatorPhones().includes(phone);
  if (existing) {
    if (isOperator && !existing.isPlatformOperator) await setPlatformOperator(db, existing.id, true);
    return { ...existing, isPlatformOperator: existing.isPlatformOperator || isOperator };
  }

  const fields = signUp!.data!;
  return db.transaction(async (tx) => {
    const owner = await insertUser(tx, {
      phone,
      firstName: fields.firstName,
      lastName: fields.lastName,
      isPlatformOperator: isOperator,
    });
    await createShopWithOwner(tx, {
      owner,
      name: fields.shopName,
      country: fields.country,
      currency: fields.currency,
    });
    return owner;
  });
}
