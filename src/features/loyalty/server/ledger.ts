import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { formatMoney } from '@/shared/money';
import { clientPointsUpdate, lockedLoyaltyPoints } from '@/features/customer/server/loyalty-balance';
import { pointsForAmount, pointsText, pointsWorth, type LoyaltyEntryKind } from '../loyalty.constants';
import { findProgramRow } from './program';

/** An entry to write: see `loyaltyEntries` for what each kind means. */
export interface NewEntry {
  clientId: string;
  kind: LoyaltyEntryKind;
  points: number;
  orderId?: string | null;
  rate?: number | null;
  amount?: number | null;
  missing?: number;
  note?: string | null;
  userId?: string | null;
  at?: Date | null;
}

/**
 * Writes entries and moves the clients' balances by them, in one statement: the ledger and the
 * balance never disagree. A redemption already written for the order (a replay) writes nothing.
 */
export async function writeEntries(
  tx: Executor,
  shopId: string,
  entries: readonly NewEntry[],
): Promise<number> {
  if (!entries.length) return 0;
  const values = sql.join(
    entries.map(
      (e) =>
        sql`(${newId()}, ${shopId}, ${e.clientId}, ${e.kind}, ${e.points}::int, ${e.orderId ?? null},
          ${e.rate ?? null}::int, ${e.amount ?? null}::bigint, ${e.missing ?? 0}::int, ${e.note ?? null},
          ${e.userId ?? null}, coalesce(${e.at?.toISOString() ?? null}::timestamptz, now()))`,
    ),
    sql`, `,
  );
  const [row] = await executePrepared<{ written: number }>(
    tx,
    sql`with written as (
        insert into loyalty_entries (id, shop_id, client_id, kind, points, order_id, rate, amount, missing, note, created_by_user_id, created_at)
        values ${values}
        on conflict (shop_id, order_id) where kind = 'redeem' do nothing
        returning client_id, points
      ), moved as (${clientPointsUpdate(shopId, sql`written`)})
      select count(*)::int as written from written`,
  );
  return Number(row?.written ?? 0);
}

/**
 * A new order paid in full (a till's sale, an order paid as it is entered, the demo's history):
 * the points it earns, in one statement, when the shop's programme is on and the order was placed
 * since it was switched on. `basis` is what the client paid other than with points.
 */
export async function earnOnNewOrder(
  tx: Executor,
  shopId: string,
  order: { clientId: string; orderId: string; basis: number; placedAt: Date | null },
): Promise<void> {
  if (order.basis < 1) return;
  const at = sql`coalesce(${order.placedAt?.toISOString() ?? null}::timestamptz, now())`;
  await executePrepared(
    tx,
    sql`with earned as (
        insert into loyalty_entries (id, shop_id, client_id, kind, points, order_id, rate, created_at)
        select ${newId()}, ${shopId}, ${order.clientId}, 'earn',
          floor(${order.basis}::numeric * p.points_per_thousand / 1000)::int, ${order.orderId}, p.points_per_thousand, ${at}
        from loyalty_programs p
        where p.shop_id = ${shopId} and p.is_enabled and ${at} >= p.earns_since
          and floor(${order.basis}::numeric * p.points_per_thousand / 1000) >= 1
        returning client_id, points
      )
      ${clientPointsUpdate(shopId, sql`earned`)}`,
  );
}

/**
 * After a change to a client's orders (a payment, a refund, a cancellation, an edit), inside its
 * transaction: each order's points brought to what it earns now. `bases` is the order module's
 * relation (order_id, basis, placed_at): what each of the client's orders earns on (0 when it
 * earns nothing: unpaid, cancelled, returned). An order keeps the rate it first earned at; an
 * order no longer the client's gives its points back. Computed from the state, never added: a
 * replayed change credits nothing more.
 */
export async function settleClientPoints(
  tx: Executor,
  shopId: string,
  clientId: string,
  bases: SQL,
): Promise<void> {
  const moves = await executePrepared<{ order_id: string; rate: number; points: number }>(
    tx,
    sql`with prog as (
        select points_per_thousand as rate, earns_since from loyalty_programs
        where shop_id = ${shopId} and is_enabled
      ), bases as (${bases}),
      earned as (
        select order_id, sum(points)::int as points, max(rate) as rate from loyalty_entries
        where shop_id = ${shopId} and client_id = ${clientId} and kind = 'earn' and order_id is not null
        group by order_id
      ),
      targets as (
        select order_id, basis, placed_at from bases
        union all
        select e.order_id, 0, null from earned e where e.order_id not in (select order_id from bases)
      )
      select t.order_id, coalesce(e.rate, p.rate) as rate,
        floor(greatest(t.basis, 0)::numeric * coalesce(e.rate, p.rate) / 1000)::int - coalesce(e.points, 0) as points
      from targets t
      left join earned e on e.order_id = t.order_id
      left join prog p on t.placed_at >= p.earns_since
      where coalesce(e.rate, p.rate) is not null`,
  );
  await writeEntries(
    tx,
    shopId,
    moves
      .filter((m) => Number(m.points) !== 0)
      .map((m) => ({
        clientId,
        kind: 'earn' as const,
        points: Number(m.points),
        orderId: m.order_id,
        rate: Number(m.rate),
      })),
  );
}

/**
 * Points spent on an order (a payment « Points fidélité » of `amount`), inside the order's
 * transaction, the client's row locked: never more than they hold, nor under the programme's
 * minimum. A till's sale (`isAfterTheFact`) happened already, perhaps offline from an older copy of
 * the balance: it is never refused; the points it spent beyond the balance are recorded as
 * `missing`, a conflict for a manager. Returns those missing points.
 */
export async function redeemPoints(
  tx: Executor,
  shop: { id: string; currency: string },
  input: {
    clientId: string;
    orderId: string;
    amount: number;
    userId: string | null;
    field: string;
    isAfterTheFact: boolean;
    at?: Date | null;
  },
): Promise<number> {
  const program = await findProgramRow(tx, shop.id);
  if (!program || (!program.isEnabled && !input.isAfterTheFact))
    throw Errors.validation({ [input.field]: 'La boutique n’a pas de programme de fidélité actif.' });
  const points = pointsForAmount(input.amount, program.pointValue);
  const held = (await lockedLoyaltyPoints(tx, shop.id, input.clientId)) ?? 0;
  const money = (n: number) => formatMoney(n, shop.currency);
  if (!input.isAfterTheFact) {
    if (held < program.minRedeem)
      throw Errors.validation({
        [input.field]: `Le client a ${pointsText(held)} : il en faut au moins ${program.minRedeem.toLocaleString('fr-FR')} pour payer avec ses points.`,
      });
    if (points > held)
      throw Errors.validation({
        [input.field]: `Les points du client ne couvrent que ${money(pointsWorth(held, program.pointValue))} (${pointsText(held)}).`,
      });
  }
  const missing = Math.max(0, points - Math.max(held, 0));
  const written = await writeEntries(tx, shop.id, [
    {
      clientId: input.clientId,
      kind: 'redeem',
      points: -points,
      orderId: input.orderId,
      amount: input.amount,
      missing,
      userId: input.userId,
      at: input.at ?? null,
    },
  ]);
  // One redemption per order: a replayed sale spends nothing more; a second payment is refused.
  if (!written && !input.isAfterTheFact)
    throw Errors.validation({ [input.field]: 'Cette commande a déjà été payée en partie avec des points.' });
  return written ? missing : 0;
}

/**
 * A refund given back as points (`refund`, positive): only what points paid on the order and was
 * not given back yet, at the rate they were spent (`amount` of `points`), inside the refund's
 * transaction. Refused in French on `field` otherwise.
 */
export async function refundPoints(
  tx: Executor,
  shop: { id: string; currency: string },
  input: { clientId: string; orderId: string; amount: number; userId: string; field: string },
): Promise<void> {
  const [spent] = await executePrepared<{
    points: number;
    amount: number;
    back_amount: number;
    back_points: number;
  }>(
    tx,
    sql`select coalesce(-sum(points) filter (where kind = 'redeem'), 0)::int as points,
        coalesce(sum(amount) filter (where kind = 'redeem'), 0)::bigint as amount,
        coalesce(sum(amount) filter (where kind = 'refund'), 0)::bigint as back_amount,
        coalesce(sum(points) filter (where kind = 'refund'), 0)::int as back_points
      from loyalty_entries where shop_id = ${shop.id} and order_id = ${input.orderId}`,
  );
  const paid = Number(spent?.amount ?? 0);
  const left = paid - Number(spent?.back_amount ?? 0);
  if (paid === 0)
    throw Errors.validation({ [input.field]: 'Cette commande n’a pas été payée avec des points.' });
  if (input.amount > left)
    throw Errors.validation({
      [input.field]: `Au plus ${formatMoney(left, shop.currency)} se rendent en points sur cette commande (ce que les points ont payé).`,
    });
  const spentPoints = Number(spent?.points ?? 0);
  // The last refund gives back every point left, so rounding never keeps one.
  const points =
    input.amount === left
      ? spentPoints - Number(spent?.back_points ?? 0)
      : Math.round((input.amount * spentPoints) / paid);
  await writeEntries(tx, shop.id, [
    {
      clientId: input.clientId,
      kind: 'refund',
      points,
      orderId: input.orderId,
      amount: input.amount,
      userId: input.userId,
    },
  ]);
}

/** A merge: the duplicate's entries become the kept client's (its balance follows, customer's). */
export async function moveClientEntries(
  tx: Executor,
  shopId: string,
  fromId: string,
  toId: string,
): Promise<void> {
  await executePrepared(
    tx,
    sql`update loyalty_entries set client_id = ${toId} where shop_id = ${shopId} and client_id = ${fromId}`,
  );
}
