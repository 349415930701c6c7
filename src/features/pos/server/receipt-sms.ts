import type { Database } from '@/server/db';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { MembershipRow } from '@/server/tenancy/membership';
import { customerPhone, findCustomerById } from '@/features/customer/server/customers';
import { activeRules } from '@/features/loyalty/server/program';
import { pointsText } from '@/features/loyalty/loyalty.constants';
import { recordClientMessage } from '@/features/customer/server/client-events';
import { findOrder, type OrderRow } from '@/features/order/server/order.repository';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { Errors } from '@/server/http/errors';

/**
 * One SMS: short enough for a single message in most cases. `points`: the client's loyalty balance
 * now, when the shop runs a programme.
 */
export function receiptSmsText(
  shop: Pick<ShopRow, 'name' | 'timeZone' | 'currency' | 'receiptFooter'>,
  order: OrderRow,
  points: number | null = null,
) {
  const paid = order.paidAmount - order.refundedAmount;
  const due = order.total - order.paidAmount;
  return [
    `${shop.name} - Ticket #${order.number} du ${formatDateTime(order.createdAt, shop.timeZone)}`,
    `Total ${formatMoney(order.total, shop.currency)}, payé ${formatMoney(paid, shop.currency)}${
      due > 0 ? `, reste dû ${formatMoney(due, shop.currency)}` : ''
    }.`,
    points !== null ? `Vos points fidélité : ${pointsText(Math.max(0, points))}.` : '',
    shop.receiptFooter,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * « Envoyer par SMS »: the receipt to the client's phone (or one typed at the till), counted in the
 * plan's SMS of the month under the shop's lock, so two tills cannot both send the last one. Sent to
 * the sale's client's own phone, it joins their history.
 */
export async function sendReceiptSms(
  db: Database,
  membership: MembershipRow,
  userId: string,
  input: { orderId: string; phone?: string },
): Promise<{ phone: string }> {
  const shopId = membership.shop.id;
  const order = await findOrder(db, shopId, input.orderId);
  const ownSalesOnly = !can(membership.agent.role as AgentRole, 'orders:manage');
  if (!order || (ownSalesOnly && order.createdByUserId !== userId)) throw Errors.notFound('La vente');
  const phone = customerPhone(input.phone, membership.shop.country) ?? order.clientPhone;
  if (!phone) throw Errors.validation({ phone: 'Indiquez le numéro du client.' });

  const client = order.clientId ? await findCustomerById(db, shopId, order.clientId) : null;
  const points = client && (await activeRules(db, shopId)) ? client.loyaltyPoints : null;
  const text = await sendShopSms(db, shopId, {
    phone,
    purpose: 'receipt',
    what: 'les tickets',
    body: (shop) => receiptSmsText(shop, order, points),
  });
  if (order.clientId && phone === order.clientPhone)
    await recordClientMessage(db, { shopId, clientId: order.clientId, purpose: 'receipt', text, userId });
  return { phone };
}
