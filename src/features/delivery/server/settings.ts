import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliverySettings } from '@/server/db/schema/delivery';
import type { TDeliverySettings } from '../delivery.schemas';

const DEFAULTS: TDeliverySettings = { isProofCodeRequired: true, originPosition: '', distanceTiers: [] };

/** The shop's delivery settings, the defaults until it changes one. */
export async function getDeliverySettings(db: Executor, shopId: string): Promise<TDeliverySettings> {
  const [row] = await db
    .select({
      isProofCodeRequired: deliverySettings.isProofCodeRequired,
      originPosition: deliverySettings.originPosition,
      distanceTiers: deliverySettings.distanceTiers,
    })
    .from(deliverySettings)
    .where(eq(deliverySettings.shopId, shopId));
  return row ?? DEFAULTS;
}

/** Changes the settings sent, the others kept. */
export async function updateDeliverySettings(
  db: Executor,
  shopId: string,
  input: Partial<TDeliverySettings>,
): Promise<TDeliverySettings> {
  const next = { ...(await getDeliverySettings(db, shopId)), ...input };
  await db
    .insert(deliverySettings)
    .values({ shopId, ...next })
    .onConflictDoUpdate({ target: deliverySettings.shopId, set: next });
  return getDeliverySettings(db, shopId);
}
