import type { CountryCode } from 'libphonenumber-js';
import type { Database } from '@/server/db';
import { getEnv } from '@/server/env';
import type { UserRow } from '@/features/user/server/user.repository';
import { codeMatches } from './otp-code';
import { consumeCode, findLatestOpenCode, recordWrongAttempt } from './otp.repository';
import { normalizePhoneOrThrow } from './send-code';
import { ZCodeInput } from '../auth.schemas';
import { AppError } from '@/server/http/errors';
import { SignInError, signInProvenPhone, type SignUpInput } from './sign-in-user';

export { SignInError };

/** The phone and its code, with the sign-up fields when the phone is new. */
export interface SignInInput extends SignUpInput {
  phone: string;
  code: string;
  country?: CountryCode;
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
 * The phone-otp provider's heart: a right code for the phone proves it, then the shared path signs
 * the user in or up (sign-in-user.ts).
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

  return signInProvenPhone(db, phone, input, async (options) => {
    const check = await checkCode(db, phone, code.data, options);
    if (!check.ok) throw new SignInError(check.message);
  });
}
