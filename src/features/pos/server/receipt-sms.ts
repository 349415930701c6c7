import type { Database } from '@/server/db';
import { AppError, Errors } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import { forgetSms, recordSms, smsSentThisMonth } from '@/server/sms/sms-log';
import { createSmsGateway } from '@/server/sms/sms-gateway';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { can } from '@/shared/permissions';
import { PLANS, effectivePlan } from '@/shared/plans';
import type { AgentRole } from '@/shared/roles';
import type { MembershipRow } from '@/server/tenancy/membership';
import { customerPhone } from '@/features/customer/server/customers';
import { findOrder, type OrderRow } from '@/features/order/server/order.repository';
import { lockShop, type ShopRow } from '@/features/shop/server/shop.repository';

/** One SMS: short enough for a single message in most cases. */
export function receiptSmsText(
  shop: Pick<ShopRow, 'name' | 'timeZone' | 'currency' | 'receiptFooter'>,
  order: OrderRow,
) {
  const paid = order.paidAmount - order.refundedAmount;
  const due = order.total - order.paidAmount;
  return [
    `${shop.name} - Ticket #${order.number} du ${formatDateTime(order.createdAt, shop.timeZone)}`,
    `Total ${formatMoney(order.total, shop.currency)}, payé ${formatMoney(paid, shop.currency)}${
      due > 0 ? `, reste dû ${formatMoney(due, shop.currency)}` : ''
    }.`,
    shop.receiptFooter,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * « Envoyer par SMS »: the receipt to the client's phone (or one typed at the till), counted in the
 * plan's SMS of the month under the shop's lock, so two tills cannot both send the last one.
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

  const { shop, smsId } = await db.transaction(async (tx) => {
    const shop = await lockShop(tx, shopId);
    const plan = PLANS[effectivePlan(shop)];
    if (plan.maxSmsPerMonth !== 'infinity') {
      if ((await smsSentThisMonth(tx, shop)) >= plan.maxSmsPerMonth)
        throw Errors.quotaExceeded(
          plan.maxSmsPerMonth === 0
            ? `Votre forfait ${plan.label} n’inclut pas d’envoi de SMS. Passez à un forfait supérieur pour envoyer les tickets par SMS.`
            : `Votre forfait ${plan.label} inclut ${plan.maxSmsPerMonth.toLocaleString('fr-FR')} SMS par mois : ils sont tous utilisés. Passez à un forfait supérieur pour en envoyer davantage.`,
        );
    }
    const smsId = await recordSms(tx, { shopId, phone, purpose: 'receipt' });
    return { shop, smsId };
  });
  try {
    await createSmsGateway().send({ to: phone, body: receiptSmsText(shop, order) });
  } catch (error) {
    getLogger().error({ err: error, orderId: order.id }, 'receipt SMS not sent');
    // Not sent, not counted.
    await forgetSms(db, smsId);
    throw new AppError('SMS_FAILED', 502, 'Le SMS n’a pas pu être envoyé. Réessayez dans un instant.');
  }
  return { phone };
}
