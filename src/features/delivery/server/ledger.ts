import { and, eq, sql } from 'drizzle-orm';
import { executePrepared, type Database, type Executor } from '@/server/db';
import { deliveryRemittances, deliveryRiderDays, deliveryRiders } from '@/server/db/schema/delivery';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { dayjs } from '@/shared/dayjs';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { createNotification } from '@/features/notification/server/create-notification';
import type { TLedgerDay, TRiderCash } from '../delivery.schemas';
import { newShortCode } from './secrets';

/*
 * The cash-on-delivery ledger. What a rider owes is what they took in cash at doors (closed
 * deliveries' `collected_amount`, method cash) less what they handed over (remittances). Mobile
 * money goes straight to the shop: it is counted apart and never owed. Nothing is stored twice:
 * every figure is summed from those two tables, so it cannot drift from them.
 */

type Shop = { id: string; currency: string; timeZone: string };

export function shopDay(timeZone: string, at: Date = new Date()): string {
  return dayjs(at).tz(timeZone).format('YYYY-MM-DD');
}

const n = (value: unknown) => Number(value ?? 0);

/** Each rider of the shop with what they owe now and what today brought. */
export async function riderCashSummary(db: Executor, shop: Shop): Promise<TRiderCash[]> {
  const today = shopDay(shop.timeZone);
  const rows = await executePrepared<Record<string, unknown>>(
    db,
    sql`select r.id, r.name, r.phone, r.is_active,
        coalesce(d.cash, 0) as cash, coalesce(d.cash_today, 0) as cash_today,
        coalesce(d.mobile_today, 0) as mobile_today, coalesce(d.delivered_today, 0) as delivered_today,
        coalesce(d.failed_today, 0) as failed_today, coalesce(d.open, 0) as open,
        coalesce(m.remitted, 0) as remitted, coalesce(m.remitted_today, 0) as remitted_today,
        c.outstanding as closed_outstanding
      from delivery_riders r
      left join lateral (
        select
          sum(collected_amount) filter (where collected_method = 'cash') as cash,
          sum(collected_amount) filter (where collected_method = 'cash' and ${dayOf(sql.raw('closed_at'), shop.timeZone)} = ${today}) as cash_today,
          sum(collected_amount) filter (where collected_method <> 'cash' and ${dayOf(sql.raw('closed_at'), shop.timeZone)} = ${today}) as mobile_today,
          count(*) filter (where status = 'delivered' and ${dayOf(sql.raw('closed_at'), shop.timeZone)} = ${today}) as delivered_today,
          count(*) filter (where status in ('refused', 'absent', 'postponed') and ${dayOf(sql.raw('closed_at'), shop.timeZone)} = ${today}) as failed_today,
          count(*) filter (where status = 'assigned') as open
        from deliveries where rider_id = r.id
      ) d on true
      left join lateral (
        select sum(amount) as remitted,
          sum(amount) filter (where ${dayOf(sql.raw('created_at'), shop.timeZone)} = ${today}) as remitted_today
        from delivery_remittances where rider_id = r.id
      ) m on true
      left join delivery_rider_days c on c.rider_id = r.id and c.day = ${today}
      where r.shop_id = ${shop.id}
      order by r.is_active desc, r.name, r.id`,
  );
  return rows
    .map((r) => ({
      rider: {
        id: String(r.id),
        name: String(r.name),
        phone: String(r.phone),
        isActive: Boolean(r.is_active),
      },
      owed: n(r.cash) - n(r.remitted),
      openDeliveries: n(r.open),
      today: {
        day: today,
        cashCollected: n(r.cash_today),
        mobileCollected: n(r.mobile_today),
        remitted: n(r.remitted_today),
        delivered: n(r.delivered_today),
        failed: n(r.failed_today),
        closedOutstanding: r.closed_outstanding === null ? null : n(r.closed_outstanding),
      },
    }))
    .filter((r) => r.rider.isActive || r.owed !== 0);
}

function dayOf(column: ReturnType<typeof sql.raw>, timeZone: string) {
  return sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/**
 * A rider's days, newest first: cash taken, mobile money, remittances, and what they owed at the
 * end of each (the running sum from their first day), with the shop's close when there was one.
 */
export async function riderDays(
  db: Executor,
  shop: Shop,
  riderId: string,
  limit = 30,
): Promise<TLedgerDay[]> {
  const rows = await executePrepared<Record<string, unknown>>(
    db,
    sql`with d as (
        select ${dayOf(sql.raw('closed_at'), shop.timeZone)} as day,
          sum(collected_amount) filter (where collected_method = 'cash') as cash,
          sum(collected_amount) filter (where collected_method <> 'cash') as mobile,
          count(*) filter (where status = 'delivered') as delivered,
          count(*) filter (where status <> 'delivered') as failed
        from deliveries where shop_id = ${shop.id} and rider_id = ${riderId} and status <> 'assigned'
        group by 1
      ), m as (
        select ${dayOf(sql.raw('created_at'), shop.timeZone)} as day, sum(amount) as remitted
        from delivery_remittances where shop_id = ${shop.id} and rider_id = ${riderId} group by 1
      )
      select coalesce(d.day, m.day) as day, d.cash, d.mobile, d.delivered, d.failed, m.remitted,
        c.outstanding as closed_outstanding
      from d full join m on m.day = d.day
      left join delivery_rider_days c on c.rider_id = ${riderId} and c.day = coalesce(d.day, m.day)
      order by 1`,
  );
  let owed = 0;
  const days = rows.map((r) => {
    owed += n(r.cash) - n(r.remitted);
    return {
      day: String(r.day),
      cashCollected: n(r.cash),
      mobileCollected: n(r.mobile),
      remitted: n(r.remitted),
      delivered: n(r.delivered),
      failed: n(r.failed),
      owedAtEnd: owed,
      closedOutstanding: r.closed_outstanding === null ? null : n(r.closed_outstanding),
    };
  });
  return days.reverse().slice(0, limit);
}

/** What each rider of the shop holds now, by rider id (the figures' « chez le livreur »). */
export async function cashOwedByRider(db: Executor, shopId: string) {
  const rows = await executePrepared<Record<string, unknown>>(
    db,
    sql`select r.id, r.name,
        coalesce((select sum(collected_amount) from deliveries d
          where d.rider_id = r.id and d.collected_method = 'cash'), 0)
      - coalesce((select sum(amount) from delivery_remittances m where m.rider_id = r.id), 0) as owed
      from delivery_riders r where r.shop_id = ${shopId}`,
  );
  return new Map(rows.map((r) => [String(r.id), { name: String(r.name), owed: n(r.owed) }]));
}

/** Cash all the shop's riders hold now (Statistiques' « Trésorerie »: « chez les livreurs »). */
export async function cashHeldByRiders(db: Executor, shopId: string): Promise<number> {
  const [row] = await executePrepared<{ held: unknown }>(
    db,
    sql`select
        coalesce((select sum(collected_amount) from deliveries
          where shop_id = ${shopId} and collected_method = 'cash'), 0)
      - coalesce((select sum(amount) from delivery_remittances where shop_id = ${shopId}), 0) as held`,
  );
  return n(row?.held);
}

/** What the rider owes now: cash taken less cash handed over. */
export async function riderOwed(db: Executor, shopId: string, riderId: string): Promise<number> {
  const [row] = await executePrepared<{ owed: unknown }>(
    db,
    sql`select
        coalesce((select sum(collected_amount) from deliveries
          where shop_id = ${shopId} and rider_id = ${riderId} and collected_method = 'cash'), 0)
      - coalesce((select sum(amount) from delivery_remittances
          where shop_id = ${shopId} and rider_id = ${riderId}), 0) as owed`,
  );
  return n(row?.owed);
}

async function lockRider(tx: Executor, shopId: string, riderId: string) {
  const [rider] = await tx
    .select()
    .from(deliveryRiders)
    .where(and(eq(deliveryRiders.shopId, shopId), eq(deliveryRiders.id, riderId)))
    .for('update');
  if (!rider) throw Errors.notFound('Le livreur');
  return rider;
}

/**
 * Cash the rider hands over (« remise »), never more than they owe. With the code their page
 * shows, it is confirmed, and the page shows a new code for the next one.
 */
export async function recordRemittance(
  db: Database,
  shop: Shop,
  userId: string,
  input: { riderId: string; amount: number; code: string; note: string },
) {
  return db.transaction(async (tx) => {
    // The rider's row lock: two agents recording at once cannot both take the last franc owed.
    const rider = await lockRider(tx, shop.id, input.riderId);
    const owed = await riderOwed(tx, shop.id, rider.id);
    if (input.amount > owed)
      throw Errors.validation({
        amount: fr(
          owed > 0
            ? `${rider.name} ne doit que ${formatMoney(owed, shop.currency)} : la remise ne peut pas dépasser ce montant.`
            : `${rider.name} ne doit rien à la boutique.`,
        ),
      });
    const isConfirmed = input.code !== '';
    if (isConfirmed && input.code !== rider.remitCode)
      throw Errors.validation({
        code: fr('Ce code ne correspond pas à celui affiché sur la page du livreur : vérifiez-le avec lui.'),
      });
    const id = newId();
    await tx.insert(deliveryRemittances).values({
      id,
      shopId: shop.id,
      riderId: rider.id,
      amount: input.amount,
      isConfirmed,
      note: input.note,
      recordedByUserId: userId,
    });
    if (isConfirmed)
      await tx
        .update(deliveryRiders)
        .set({ remitCode: newShortCode() })
        .where(eq(deliveryRiders.id, rider.id));
    return { id, amount: input.amount, isConfirmed, owed: owed - input.amount };
  });
}

/**
 * Closes the rider's day: its figures are kept as they are now, and what the rider still owes, if
 * anything, is flagged the same day (Accueil and the managers' notifications). Closing again later
 * the same day brings the figures up to date.
 */
export async function closeRiderDay(db: Database, shop: Shop, userId: string, riderId: string) {
  const day = shopDay(shop.timeZone);
  const result = await db.transaction(async (tx) => {
    const rider = await lockRider(tx, shop.id, riderId);
    const today = (await riderDays(tx, shop, rider.id, 1)).find((d) => d.day === day);
    const figures = {
      cashCollected: today?.cashCollected ?? 0,
      mobileCollected: today?.mobileCollected ?? 0,
      remitted: today?.remitted ?? 0,
      outstanding: await riderOwed(tx, shop.id, rider.id),
    };
    await tx
      .insert(deliveryRiderDays)
      .values({ id: newId(), shopId: shop.id, riderId: rider.id, day, ...figures, closedByUserId: userId })
      .onConflictDoUpdate({
        target: [deliveryRiderDays.riderId, deliveryRiderDays.day],
        set: { ...figures, closedByUserId: userId, closedAt: new Date() },
      });
    return { rider, day, ...figures };
  });
  if (result.outstanding !== 0)
    await createNotification(db, shop.id, {
      type: 'delivery',
      link: '/livraison?vue=caisse',
      capability: 'delivery:manage',
      title: fr(`Écart de caisse : ${result.rider.name}`),
      description: fr(
        `${result.rider.name} doit encore ${formatMoney(result.outstanding, shop.currency)} à la fin de sa journée.`,
      ),
      authorId: userId,
    });
  const { rider, ...day_ } = result;
  return { riderId: rider.id, ...day_ };
}

/** The riders whose day closed today owing cash: Accueil's flag. */
export async function todaysDiscrepancies(db: Executor, shop: Shop) {
  const rows = await db
    .select({
      riderId: deliveryRiderDays.riderId,
      name: deliveryRiders.name,
      outstanding: deliveryRiderDays.outstanding,
    })
    .from(deliveryRiderDays)
    .innerJoin(deliveryRiders, eq(deliveryRiders.id, deliveryRiderDays.riderId))
    .where(
      and(
        eq(deliveryRiderDays.shopId, shop.id),
        eq(deliveryRiderDays.day, shopDay(shop.timeZone)),
        sql`${deliveryRiderDays.outstanding} <> 0`,
      ),
    );
  return rows;
}

/** The code a rider's page shows for their next hand-over. */
export async function remitCodeOf(db: Executor, riderId: string): Promise<string> {
  const [rider] = await db
    .select({ code: deliveryRiders.remitCode })
    .from(deliveryRiders)
    .where(eq(deliveryRiders.id, riderId));
  if (rider?.code) return rider.code;
  const code = newShortCode();
  await db.update(deliveryRiders).set({ remitCode: code }).where(eq(deliveryRiders.id, riderId));
  return code;
}
