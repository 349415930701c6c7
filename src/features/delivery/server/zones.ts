import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { deliveryZoneAreas, deliveryZones } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { newId } from '@/server/ids';
import { placeKey, placeSpelling } from '@/shared/places';
import { frenchTypography as fr } from '@/shared/typography';
import type { TZone, TZoneArea, TZoneInput } from '../delivery.schemas';
import { STARTER_ZONES, type StarterCity } from '../starter-zones';

export type ZoneRow = typeof deliveryZones.$inferSelect;

/** A commune and quartier as one key: the whole commune is « commune/ ». */
export function areaKey(commune: string, quartier: string): string {
  return `${placeKey(commune)}/${placeKey(quartier)}`;
}

async function areasOf(db: Executor, shopId: string, zoneIds: string[]) {
  if (zoneIds.length === 0) return new Map<string, TZoneArea[]>();
  const rows = await db
    .select({
      zoneId: deliveryZoneAreas.zoneId,
      commune: deliveryZoneAreas.commune,
      quartier: deliveryZoneAreas.quartier,
    })
    .from(deliveryZoneAreas)
    .where(and(eq(deliveryZoneAreas.shopId, shopId), inArray(deliveryZoneAreas.zoneId, zoneIds)))
    .orderBy(asc(deliveryZoneAreas.commune), asc(deliveryZoneAreas.quartier));
  const byZone = new Map<string, TZoneArea[]>();
  for (const r of rows) {
    const list = byZone.get(r.zoneId) ?? [];
    list.push({ commune: r.commune, quartier: r.quartier });
    byZone.set(r.zoneId, list);
  }
  return byZone;
}

function toZone(row: ZoneRow, areas: TZoneArea[]): TZone {
  return {
    id: row.id,
    name: row.name,
    fee: row.fee,
    freeFrom: row.freeFrom,
    minOrder: row.minOrder,
    delay: row.delay,
    isActive: row.isActive,
    position: row.position,
    areas,
  };
}

export async function listZones(db: Executor, shopId: string): Promise<TZone[]> {
  const rows = await db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.shopId, shopId))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.createdAt));
  const areas = await areasOf(
    db,
    shopId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toZone(r, areas.get(r.id) ?? []));
}

/** « Pour bien démarrer »: the shop has priced at least one zone. */
export async function hasDeliveryZones(db: Executor, shopId: string): Promise<boolean> {
  const rows = await db
    .select({ id: deliveryZones.id })
    .from(deliveryZones)
    .where(eq(deliveryZones.shopId, shopId))
    .limit(1);
  return rows.length > 0;
}

export async function getZone(db: Executor, shopId: string, id: string): Promise<TZone> {
  const [row] = await db
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.shopId, shopId), eq(deliveryZones.id, id)));
  if (!row) throw Errors.notFound('La zone');
  return toZone(row, (await areasOf(db, shopId, [id])).get(id) ?? []);
}

/**
 * The areas as stored (spellings tidied), refused when one is given twice or already belongs to
 * another of the shop's zones: an address falls in one zone at most. The error names the area.
 */
async function checkedAreas(db: Executor, shopId: string, zoneId: string, areas: TZoneArea[]) {
  const seen = new Map<string, number>();
  const rows = areas.map((a, index) => {
    const commune = placeSpelling(a.commune);
    const quartier = placeSpelling(a.quartier);
    const key = areaKey(commune, quartier);
    const first = seen.get(key);
    if (first !== undefined)
      throw Errors.validation({
        [`areas.${index}.commune`]: fr(`« ${label(commune, quartier)} » figure deux fois dans la zone.`),
      });
    seen.set(key, index);
    return { id: newId(), shopId, zoneId, commune, quartier, key };
  });
  const taken = await db
    .select({ key: deliveryZoneAreas.key, zoneName: deliveryZones.name })
    .from(deliveryZoneAreas)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneAreas.zoneId))
    .where(
      and(
        eq(deliveryZoneAreas.shopId, shopId),
        ne(deliveryZoneAreas.zoneId, zoneId),
        inArray(
          deliveryZoneAreas.key,
          rows.map((r) => r.key),
        ),
      ),
    )
    .limit(1);
  if (taken[0]) {
    const index = seen.get(taken[0].key)!;
    throw Errors.validation({
      [`areas.${index}.commune`]: alreadyIn(rows[index]!.commune, rows[index]!.quartier, taken[0].zoneName),
    });
  }
  return rows;
}

const label = (commune: string, quartier: string) => (quartier ? `${commune}, ${quartier}` : commune);
const alreadyIn = (commune: string, quartier: string, zoneName: string) =>
  fr(`« ${label(commune, quartier)} » est déjà dans la zone « ${zoneName} » : une adresse n’a qu’un tarif.`);

/** Two saves at once taking the same commune: the unique index refuses the second. */
function raced(error: unknown): never {
  if (isUniqueViolation(error))
    throw Errors.validation({
      areas: 'Une de ces communes vient d’être ajoutée à une autre zone : rechargez la page.',
    });
  throw error;
}

export async function createZone(db: Executor, shopId: string, input: TZoneInput): Promise<TZone> {
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      const areas = await checkedAreas(tx, shopId, id, input.areas);
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${deliveryZones.position}), -1)::int + 1` })
        .from(deliveryZones)
        .where(eq(deliveryZones.shopId, shopId))) as [{ next: number }];
      await tx.insert(deliveryZones).values({ id, shopId, ...zoneColumns(input), position: next });
      await tx.insert(deliveryZoneAreas).values(areas);
    });
  } catch (error) {
    raced(error);
  }
  return getZone(db, shopId, id);
}

function zoneColumns(input: TZoneInput) {
  return {
    name: input.name,
    fee: input.fee,
    freeFrom: input.freeFrom,
    minOrder: input.minOrder,
    delay: input.delay,
    isActive: input.isActive,
  };
}

/** The zone's fields and its whole list of areas, replaced in one transaction. */
export async function updateZone(
  db: Database,
  shopId: string,
  id: string,
  input: TZoneInput,
): Promise<TZone> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(deliveryZones)
        .set({ ...zoneColumns(input), updatedAt: new Date() })
        .where(and(eq(deliveryZones.shopId, shopId), eq(deliveryZones.id, id)))
        .returning({ id: deliveryZones.id });
      if (!row) throw Errors.notFound('La zone');
      const areas = await checkedAreas(tx, shopId, id, input.areas);
      await tx.delete(deliveryZoneAreas).where(eq(deliveryZoneAreas.zoneId, id));
      await tx.insert(deliveryZoneAreas).values(areas);
    });
  } catch (error) {
    raced(error);
  }
  return getZone(db, shopId, id);
}

/** Orders keep the fee they were charged: deleting a zone changes no order. */
export async function deleteZone(db: Database, shopId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(deliveryZones)
    .where(and(eq(deliveryZones.shopId, shopId), eq(deliveryZones.id, id)))
    .returning({ id: deliveryZones.id });
  if (deleted.length === 0) throw Errors.notFound('La zone');
}

/**
 * The starter zones of a city, with the communes no zone of the shop holds yet (a commune the shop
 * placed itself stays where it is); a zone left without communes is not made. Answers how many.
 */
export async function addStarterZones(db: Database, shopId: string, city: StarterCity): Promise<number> {
  // All of the city's zones, or none.
  return db.transaction((tx) => addStarterZonesIn(tx, shopId, city));
}

async function addStarterZonesIn(db: Executor, shopId: string, city: StarterCity): Promise<number> {
  const taken = new Set(
    (
      await db
        .select({ key: deliveryZoneAreas.key })
        .from(deliveryZoneAreas)
        .where(eq(deliveryZoneAreas.shopId, shopId))
    ).map((r) => r.key),
  );
  let made = 0;
  for (const zone of STARTER_ZONES[city].zones) {
    const communes = zone.communes.filter((c) => !taken.has(areaKey(c, '')));
    if (communes.length === 0) continue;
    await createZone(db, shopId, {
      name: zone.name,
      fee: zone.fee,
      freeFrom: null,
      minOrder: null,
      delay: zone.delay,
      isActive: true,
      areas: communes.map((commune) => ({ commune, quartier: '' })),
    });
    made += 1;
  }
  return made;
}
