import type { Database } from '@/server/db';
import { platformOperatorPhones } from '@/server/env';
import { describeDetails, issuesToDetails } from '@/shared/validation';
import {
  getUserByPhone,
  insertUser,
  setPlatformOperator,
  type UserRow,
} from '@/features/user/server/user.repository';
import { createShopWithOwner } from '@/features/shop/server/create-shop';
import { ZSignUpFields } from '../auth.schemas';
import { SIGN_UP_NEEDED } from '../sign-up-fields';

/** A refusal shown on the sign-in form as it is. */
export class SignInError extends Error {}

/** What a new user gives to open their first shop; none of it when the phone has an account. */
export interface SignUpInput {
  firstName?: string;
  lastName?: string;
  shopName?: string;
  signupCountry?: string;
  currency?: string;
}

/**
 * Checks the phone's proof, throwing a SignInError when it fails. Asked first with `consume: false`
 * when the phone turns out to be new and no sign-up fields came: a right code then says « create
 * your shop » and stays open for the sign-up. Firebase's proof is its ID token, already checked.
 */
export type PhoneProof = (options: { consume: boolean }) => Promise<void>;

/**
 * Both identity providers end here, once they have a phone in E.164: the user of that phone is
 * signed in, or — given the sign-up fields — signed up with their first shop on a 14-day trial.
 * The same phone reaches the same user whichever provider proved it. Sign-up fields are checked
 * before the proof is spent, so a typo in them does not cost a try.
 */
export async function signInProvenPhone(
  db: Database,
  phone: string,
  input: SignUpInput,
  prove: PhoneProof,
  profile: { email?: string } = {},
): Promise<UserRow> {
  const existing = await getUserByPhone(db, phone);
  const signingUp = [
    input.firstName,
    input.lastName,
    input.shopName,
    input.signupCountry,
    input.currency,
  ].some((field) => field !== undefined);
  if (!existing && !signingUp) {
    await prove({ consume: false });
    throw new SignInError(SIGN_UP_NEEDED);
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

  await prove({ consume: true });

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
      ...(profile.email ? { email: profile.email } : {}),
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
