import { and, asc, desc, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { Executor } from '@/server/db';
import { deliveryRiders } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { newId } from '@/server/ids';
import { toE164 } from '@/shared/phone';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { TRider, TRiderInput } from '../delivery.schemas';

type RiderRow = typeof deliveryRiders.$inferSelect;

const toRider = (r: RiderRow): TRider => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  vehicle: r.vehicle,
  kind: r.kind,
  carrier: r.carrier as TRider['carrier'],
  notes: r.notes,
  isActive: r.isActive,
  hasLink: r.linkToken !== null,
});

/** Active riders first, then by name. */
export async function listRiders(db: Executor, shopId: string): Promise<TRider[]> {
  const rows = await db
    .select()
    .from(deliveryRiders)
    .where(eq(deliveryRiders.shopId, shopId))
    .orderBy(desc(deliveryRiders.isActive), asc(deliveryRiders.name), asc(deliveryRiders.id));
  return rows.map(toRider);
}

/** The row a rider's input makes: the phone in E.164 for the shop's country. */
function riderColumns(shop: ShopRow, input: TRiderInput) {
  const phone = toE164(input.phone, shop.country as CountryCode);
  if (!phone) throw Errors.validation({ phone: 'Numéro de téléphone invalide.' });
  return { ...input, phone };
}

const PHONE_TAKEN = 'Un autre livreur de la boutique a déjà ce numéro.';

export async function createRider(db: Executor, shop: ShopRow, input: TRiderInput): Promise<TRider> {
  const values = riderColumns(shop, input);
  try {
    const [row] = await db
      .insert(deliveryRiders)
      .values({ id: newId(), shopId: shop.id, ...values })
      .returning();
    return toRider(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw Errors.validation({ phone: PHONE_TAKEN });
    throw error;
  }
}

/**
 * A rider is never deleted (their deliveries and cash stay theirs): they are made inactive, which
 * also revokes their link.
 */
export async function updateRider(
  db: Executor,
  shop: ShopRow,
  id: string,
  input: TRiderInput,
): Promise<TRider> {
  const values = riderColumns(shop, input);
  try {
    const [row] = await db
      .update(deliveryRiders)
      .set(values.isActive ? values : { ...values, linkToken: null, linkCreatedAt: null })
      .where(and(eq(deliveryRiders.shopId, shop.id), eq(deliveryRiders.id, id)))
      .returning();
    if (!row) throw Errors.notFound('Le livreur');
    return toRider(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw Errors.validation({ phone: PHONE_TAKEN });
    throw error;
  }
}
