import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { crmSegments } from '@/server/db/schema/crm';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { countSegment } from '@/features/customer/server/client-segments';
import type { TSegment, TSegmentDefinition } from '../crm.schemas';

type Shop = { id: string; timeZone: string };
type SegmentRow = typeof crmSegments.$inferSelect;

/** A shop keeps at most this many segments: the list counts each one afresh. */
export const MAX_SEGMENTS = 50;

async function toSegment(db: Executor, shop: Shop, row: SegmentRow): Promise<TSegment> {
  const definition = row.definition as TSegmentDefinition;
  const { total, reachableSms } = await countSegment(db, shop, definition);
  return {
    _id: row.id,
    name: row.name,
    definition,
    total,
    reachableSms,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shop's segments, the last changed first, each with who it holds now. */
export async function listSegments(db: Executor, shop: Shop): Promise<TSegment[]> {
  const rows = await db
    .select()
    .from(crmSegments)
    .where(eq(crmSegments.shopId, shop.id))
    .orderBy(desc(crmSegments.updatedAt), desc(crmSegments.id));
  const segments: TSegment[] = [];
  for (const row of rows) segments.push(await toSegment(db, shop, row));
  return segments;
}

export async function findSegment(
  db: Executor,
  shopId: string,
  segmentId: string,
): Promise<SegmentRow | null> {
  const [row] = await db
    .select()
    .from(crmSegments)
    .where(and(eq(crmSegments.shopId, shopId), eq(crmSegments.id, segmentId)));
  return row ?? null;
}

const nameTaken = () =>
  Errors.validation({ name: 'Un segment porte déjà ce nom.' }, 'Nom : un segment porte déjà ce nom.');

/** Creates a segment (no `segmentId`) or changes one; a name is the shop's once. */
export async function saveSegment(
  db: Executor,
  shop: Shop,
  userId: string,
  input: { segmentId?: string; name: string; definition: TSegmentDefinition },
): Promise<TSegment> {
  try {
    if (input.segmentId) {
      const [row] = await db
        .update(crmSegments)
        .set({ name: input.name, definition: input.definition, updatedAt: sql`now()` })
        .where(and(eq(crmSegments.shopId, shop.id), eq(crmSegments.id, input.segmentId)))
        .returning();
      if (!row) throw Errors.notFound('Le segment');
      return toSegment(db, shop, row);
    }
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmSegments)
      .where(eq(crmSegments.shopId, shop.id))) as [{ n: number }];
    if (n >= MAX_SEGMENTS)
      throw Errors.validation(
        { name: `Au plus ${MAX_SEGMENTS} segments par boutique : supprimez-en un d’abord.` },
        `Au plus ${MAX_SEGMENTS} segments par boutique.`,
      );
    const [row] = await db
      .insert(crmSegments)
      .values({
        id: newId(),
        shopId: shop.id,
        name: input.name,
        definition: input.definition,
        createdByUserId: userId,
      })
      .returning();
    return toSegment(db, shop, row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteSegment(db: Executor, shopId: string, segmentId: string): Promise<void> {
  const deleted = await db
    .delete(crmSegments)
    .where(and(eq(crmSegments.shopId, shopId), eq(crmSegments.id, segmentId)))
    .returning({ id: crmSegments.id });
  if (deleted.length === 0) throw Errors.notFound('Le segment');
}
