import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveryPickupPoints } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import type { TPickupPoint, TPickupPointInput } from '../delivery.schemas';

type PickupPointInput = TPickupPointInput;
type PickupPointRow = typeof deliveryPickupPoints.$inferSelect;

const toPickupPoint = (r: PickupPointRow): TPickupPoint => ({
  id: r.id,
  name: r.name,
  address: r.address,
  hours: r.hours,
  isActive: r.isActive,
});

export async function listPickupPoints(db: Executor, shopId: string): Promise<TPickupPoint[]> {
  const rows = await db
    .select()
    .from(deliveryPickupPoints)
    .where(eq(deliveryPickupPoints.shopId, shopId))
    .orderBy(asc(deliveryPickupPoints.createdAt), asc(deliveryPickupPoints.id));
  return rows.map(toPickupPoint);
}

export async function createPickupPoint(
  db: Executor,
  shopId: string,
  input: PickupPointInput,
): Promise<TPickupPoint> {
  const [row] = await db
    .insert(deliveryPickupPoints)
    .values({ id: newId(), shopId, ...input })
    .returning();
  return toPickupPoint(row!);
}

export async function updatePickupPoint(
  db: Executor,
  shopId: string,
  id: string,
  input: PickupPointInput,
): Promise<TPickupPoint> {
  const [row] = await db
    .update(deliveryPickupPoints)
    .set(input)
    .where(and(eq(deliveryPickupPoints.shopId, shopId), eq(deliveryPickupPoints.id, id)))
    .returning();
  if (!row) throw Errors.notFound('Le point de retrait');
  return toPickupPoint(row);
}

export async function deletePickupPoint(db: Executor, shopId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(deliveryPickupPoints)
    .where(and(eq(deliveryPickupPoints.shopId, shopId), eq(deliveryPickupPoints.id, id)))
    .returning({ id: deliveryPickupPoints.id });
  if (deleted.length === 0) throw Errors.notFound('Le point de retrait');
}
