import type { Database } from '@/server/db';
import { AppError, Errors } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import { forgetSms, recordSms, smsSentThisMonth, type SmsPurpose } from '@/server/sms/sms-log';
import { createSmsGateway } from '@/server/sms/sms-gateway';
import { PLANS, effectivePlan } from '@/shared/plans';
import { lockShop, type ShopRow } from './shop.repository';

/**
 * One SMS from a shop to a client (a receipt, an « ardoise » reminder), counted in the plan's SMS
 * of the month under the shop's lock, so two senders cannot both send the last one; a message the
 * gateway refuses is not counted. `body` gets the shop as it was locked; the text sent is returned
 * (a client's history keeps it).
 */
export async function sendShopSms(
  db: Database,
  shopId: string,
  sms: { phone: string; purpose: SmsPurpose; body: (shop: ShopRow) => string; what: string },
): Promise<string> {
  const { shop, smsId } = await db.transaction(async (tx) => {
    const shop = await lockShop(tx, shopId);
    const plan = PLANS[effectivePlan(shop)];
    if (plan.maxSmsPerMonth !== 'infinity') {
      if ((await smsSentThisMonth(tx, shop)) >= plan.maxSmsPerMonth)
        throw Errors.quotaExceeded(
          plan.maxSmsPerMonth === 0
            ? `Votre forfait ${plan.label} n’inclut pas d’envoi de SMS. Passez à un forfait supérieur pour envoyer ${sms.what} par SMS.`
            : `Votre forfait ${plan.label} inclut ${plan.maxSmsPerMonth.toLocaleString('fr-FR')} SMS par mois : ils sont tous utilisés. Passez à un forfait supérieur pour en envoyer davantage.`,
        );
    }
    const smsId = await recordSms(tx, { shopId, phone: sms.phone, purpose: sms.purpose });
    return { shop, smsId };
  });
  const body = sms.body(shop);
  try {
    await createSmsGateway().send({ to: sms.phone, body });
  } catch (error) {
    getLogger().error({ err: error, shopId, purpose: sms.purpose }, 'SMS not sent');
    await forgetSms(db, smsId);
    throw new AppError('SMS_FAILED', 502, 'Le SMS n’a pas pu être envoyé. Réessayez dans un instant.');
  }
  return body;
}
