import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import type { TClientStatement } from '@/features/customer/customer.schemas';
import { requireClient } from '@/features/customer/server/client-profile';

const LIVE = sql.raw(`o.fulfilment_status not in ('cancelled', 'returned')`);
/** A statement is read in one go (printed): a year at most, and its lines bounded. */
const MAX_DAYS = 366;
const MAX_LINES = 2_000;

/**
 * The « relevé » of a client's ardoise between two days: what they owed before, each order (owed)
 * and payment (paid) in between with the balance after it, what they owed at the end. Cancelled
 * and returned orders are not owed, so neither they nor their payments appear; refunds give back
 * money paid for goods returned, and leave what is owed as it was.
 */
export async function clientStatement(
  db: Executor,
  shop: { id: string; timeZone: string },
  input: { clientId: string; from: string; to: string },
): Promise<TClientStatement> {
  if (input.to < input.from) throw Errors.validation({ to: 'La fin de la période précède son début.' });
  const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
  if (days > MAX_DAYS) throw Errors.validation({ from: 'Un relevé couvre une année au plus.' });
  const client = await requireClient(db, shop.id, input.clientId);
  const start = sql`(${input.from}::date::timestamp at time zone ${shop.timeZone})`;
  const end = sql`((${input.to}::date + 1)::timestamp at time zone ${shop.timeZone})`;
  const mine = sql`select o.id, o.number, o.total, o.created_at from orders o
    where o.shop_id = ${shop.id} and o.client_id = ${client.id} and ${LIVE}`;
  const [opening] = await executePrepared<{ owed: string | number }>(
    db,
    sql`with mine as (${mine})
      select coalesce((select sum(total) from mine where created_at < ${start}), 0)
        - coalesce((select sum(p.amount) from order_payments p join mine m on m.id = p.order_id
                    where p.created_at < ${start}), 0) as owed`,
  );
  const rows = await executePrepared<{
    at: string | Date;
    type: 'order' | 'payment';
    number: number;
    method: string | null;
    amount: string | number;
  }>(
    db,
    sql`with mine as (${mine})
      select * from (
        select created_at as at, 'order' as type, number, null::text as method, total as amount, id
        from mine where created_at >= ${start} and created_at < ${end}
        union all
        select p.created_at, 'payment', m.number, p.method, p.amount, p.id
        from order_payments p join mine m on m.id = p.order_id
        where p.created_at >= ${start} and p.created_at < ${end}
      ) e
      order by at, type, id
      limit ${MAX_LINES + 1}`,
  );
  if (rows.length > MAX_LINES)
    throw Errors.validation({
      from: 'Trop de mouvements sur cette période : choisissez-en une plus courte.',
    });
  let balance = Number(opening?.owed ?? 0);
  const openingBalance = balance;
  const lines = rows.map((r) => {
    const amount = Number(r.amount);
    const debit = r.type === 'order' ? amount : 0;
    const credit = r.type === 'payment' ? amount : 0;
    balance += debit - credit;
    return {
      at: new Date(r.at).toISOString(),
      type: r.type,
      orderNumber: Number(r.number),
      method: r.method,
      debit,
      credit,
      balance,
    };
  });
  return {
    client: { name: client.name, phone: client.phone, commune: client.commune, quartier: client.quartier },
    from: input.from,
    to: input.to,
    openingBalance,
    lines,
    closingBalance: balance,
  };
}
