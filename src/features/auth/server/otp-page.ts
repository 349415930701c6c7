import type { GetServerSidePropsResult } from 'next';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DEFAULT_COUNTRY } from '@/shared/countries';
import { getEnv } from '@/server/env';
import { formatPhone } from '@/shared/phone-format';
import type { OtpPageProps } from '../client/screens/OtpScreen';

/**
 * The code step's page, drawn on the server from the phone in its URL: the number as people read it
 * and its country, so the phone's page carries neither libphonenumber's metadata nor a redirect
 * after it opened. Without a phone, back to the first step (the rest of the query kept).
 */
export function otpPageProps(
  query: Record<string, string | string[] | undefined>,
): GetServerSidePropsResult<OtpPageProps> {
  const phone = typeof query.phone === 'string' ? query.phone.trim() : '';
  // On Firebase the code is typed on /login itself.
  if (!phone || getEnv().IDENTITY_PROVIDER === 'firebase') {
    const kept = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (key !== 'phone' && key !== 'new' && typeof value === 'string') kept.set(key, value);
    const search = kept.toString();
    return { redirect: { destination: `/login${search ? `?${search}` : ''}`, permanent: false } };
  }
  return {
    props: {
      phone,
      phoneDisplay: formatPhone(phone),
      phoneCountry: parsePhoneNumberFromString(phone)?.country ?? DEFAULT_COUNTRY.code,
    },
  };
}
