import type { CountryCode } from 'libphonenumber-js';
import type { Database } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError, Errors } from '@/server/http/errors';
import { createSmsGateway } from '@/server/sms/sms-gateway';
import { toE164 } from '@/shared/phone';
import { generateCode, hashCode } from './otp-code';
import {
  consumeOpenCodes,
  countCodesForIpSince,
  countCodesForPhoneSince,
  insertCode,
  lockPhone,
  oldestCodeForPhoneSince,
} from './otp.repository';

export function normalizePhoneOrThrow(input: string, country: CountryCode): string {
  const phone = toE164(input, country);
  if (!phone)
    throw Errors.validation(
      { phone: 'Ce numéro de téléphone n’est pas valide.' },
      'Téléphone : ce numéro n’est pas valide.',
    );
  return phone;
}

/** Sends a 6-digit sign-in code by SMS, within the per-phone and per-IP limits. */
export async function sendSignInCode(
  db: Database,
  input: { phone: string; country: CountryCode; ip: string },
) {
  const env = getEnv();
  // On Firebase, Firebase sends the codes; this door would open accounts past it.
  if (env.IDENTITY_PROVIDER === 'firebase')
    throw Errors.conflict(
      'La connexion se fait avec Firebase sur ce serveur : revenez à la page de connexion.',
    );
  const phone = normalizePhoneOrThrow(input.phone, input.country);
  const now = Date.now();
  const windowStart = new Date(now - env.OTP_WINDOW_SECONDS * 1000);
  const code = generateCode();

  await db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    if ((await countCodesForIpSince(tx, input.ip, windowStart)) >= env.OTP_MAX_PER_IP) {
      throw Errors.rateLimited(
        'Trop de demandes de code depuis cette connexion. Réessayez dans quelques minutes.',
      );
    }
    if ((await countCodesForPhoneSince(tx, phone, windowStart)) >= env.OTP_MAX_PER_PHONE) {
      const oldest = await oldestCodeForPhoneSince(tx, phone, windowStart);
      const waitMs = oldest
        ? oldest.getTime() + env.OTP_WINDOW_SECONDS * 1000 - now
        : env.OTP_WINDOW_SECONDS * 1000;
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw Errors.rateLimited(
        `Vous avez demandé trop de codes pour ce numéro. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
      );
    }
    await consumeOpenCodes(tx, phone);
    await insertCode(tx, {
      phone,
      codeHash: hashCode(phone, code),
      ip: input.ip,
      expiresAt: new Date(now + env.OTP_TTL_SECONDS * 1000),
    });
  });

  const minutes = Math.round(env.OTP_TTL_SECONDS / 60);
  try {
    await createSmsGateway().send({
      to: phone,
      body: `${env.PRODUCT_NAME} : votre code de connexion est ${code}. Il est valable ${minutes >= 1 ? `${minutes} min` : `${env.OTP_TTL_SECONDS} s`}. Ne le partagez avec personne.`,
    });
  } catch {
    throw new AppError(
      'SMS_FAILED',
      502,
      'Le SMS n’a pas pu être envoyé. Vérifiez votre connexion et réessayez.',
    );
  }

  // The same answer whether the phone has an account or not: who has one is learnt only with the
  // code sent to that phone (`SIGN_UP_NEEDED` at the code step).
  return { phone, expiresInSeconds: env.OTP_TTL_SECONDS };
}
