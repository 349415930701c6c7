import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliverySettings } from '@/server/db/schema/delivery';
import type { TDeliverySettings } from '../delivery.schemas';

const DEFAULTS: TDeliverySettings = { isProofCodeRequired: true };

/** The shop's delivery settings, the defaults until it changes one. */
export async function getDeliverySettings(db: Executor, shopId: string): Promise<TDeliverySettings> {
  const [row] = await db
    .select({ isProofCodeRequired: deliverySettings.isProofCodeRequired })
    .from(deliverySettings)
    .where(eq(deliverySettings.shopId, shopId));
  return row ?? DEFAULTS;
}

export async function updateDeliverySettings(
  db: Executor,
  shopId: string,
  input: TDeliverySettings,
): Promise<TDeliverySettings> {
  await db
    .insert(deliverySettings)
    .values({ shopId, ...input })
    .onConflictDoUpdate({ target: deliverySettings.shopId, set: input });
  return getDeliverySettings(db, shopId);
}
