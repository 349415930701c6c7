import { sql } from 'drizzle-orm';
import { executePrepared, type Database } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { requireClient } from '@/features/customer/server/client-profile';
import { recordClientMessage } from '@/features/customer/server/client-events';
import { sendShopSms } from '@/features/shop/server/shop-sms';

/**
 * « Envoyer un rappel »: an SMS telling the client what they owe and on which orders, from their
 * page. Counted in the plan's SMS of the month, like every SMS the shop sends, and kept on the
 * client's history.
 */
export async function sendBalanceReminder(
  db: Database,
  shop: { id: string; currency: string },
  userId: string,
  clientId: string,
): Promise<{ phone: string; balance: number }> {
  const client = await requireClient(db, shop.id, clientId);
  if (!client.phone) throw Errors.validation({ clientId: 'Ce client n’a pas de téléphone.' });
  const unpaid = await executePrepared<{ number: number; due: string | number }>(
    db,
    sql`select number, total - paid_amount as due from orders
      where shop_id = ${shop.id} and client_id = ${clientId}
        and fulfilment_status not in ('cancelled', 'returned') and paid_amount < total
      order by created_at, id`,
  );
  const balance = unpaid.reduce((sum, o) => sum + Number(o.due), 0);
  if (balance === 0) throw Errors.validation({ clientId: 'Ce client n’a pas d’ardoise à régler.' });
  const numbers = unpaid.map((o) => `#${o.number}`);
  const orders = numbers.length > 4 ? `${numbers.slice(0, 3).join(', ')}…` : numbers.join(', ');
  const text = await sendShopSms(db, shop.id, {
    phone: client.phone,
    purpose: 'reminder',
    what: 'les rappels',
    body: (s) =>
      `${s.name} : bonjour ${client.firstName || client.name}, votre ardoise est de ${formatMoney(balance, s.currency)} (commande${numbers.length > 1 ? 's' : ''} ${orders}). Merci de passer la régler ou de payer par mobile money.`,
  });
  await recordClientMessage(db, { shopId: shop.id, clientId, purpose: 'reminder', text, userId });
  return { phone: client.phone, balance };
}
