import type { Database } from '@/server/db';
import { runtime } from '@/server/runtime';
import { findCountry, type CurrencyCode } from '@/shared/countries';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import { toE164 } from '@/shared/phone';
import type { CountryCode } from 'libphonenumber-js';
import { updateShop, type ShopRow } from './shop.repository';

/** Agents on the shop's room refetch the shop on this event (settings saved, blocked, plan changed). */
export const SHOP_UPDATED_EVENT = 'shopUpdated';

export function announceShopUpdate(shopId: string): void {
  runtime.realtime?.emitToShop(shopId, SHOP_UPDATED_EVENT, { shopId });
}

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export async function updateShopSettings(
  db: Database,
  shop: ShopRow,
  input: {
    name: string;
    currency: CurrencyCode;
    timeZone: string;
    country: string;
    address: string;
    phone: string;
    receiptFooter?: string;
    taxId?: string;
    tradeRegister?: string;
  },
): Promise<ShopRow> {
  if (!findCountry(input.country)) {
    const details = { country: 'Ce pays n’est pas proposé.' };
    throw Errors.validation(details, describeDetails(details));
  }
  if (!isKnownTimeZone(input.timeZone)) {
    const details = { timeZone: 'Ce fuseau horaire n’existe pas.' };
    throw Errors.validation(details, describeDetails(details));
  }
  const phone = input.phone ? toE164(input.phone, input.country as CountryCode) : null;
  if (input.phone && !phone) {
    const details = { phone: 'Le numéro de téléphone n’est pas valide.' };
    throw Errors.validation(details, describeDetails(details));
  }
  const updated = await updateShop(db, shop.id, { ...input, phone });
  announceShopUpdate(shop.id);
  return updated;
}
