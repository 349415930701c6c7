import { getDb, type Database } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { defineJob } from '@/server/jobs/job';
import { forgetSms, recordSms, smsSentThisMonth, type SmsPurpose } from '@/server/sms/sms-log';
import { createSmsGateway, smsText } from '@/server/sms/sms-gateway';
import { smsParts } from '@/shared/sms-parts';
import { PLANS, effectivePlan } from '@/shared/plans';
import { lockShop, type ShopRow } from './shop.repository';

/**
 * A shop's SMS, given to the gateway by a background job: a gateway that is down or slow holds no
 * request, and the message is tried again, later each time (30 s, 1 min, 2 min… about 16 min in
 * all). Given up, it is uncounted from the plan's SMS of the month and shown to the platform's
 * operators (console, « Tâches en échec »).
 */
export const shopSmsJob = defineJob<{ smsId: string; shopId: string; to: string; body: string }>({
  name: 'sms.send',
  label: 'Envoi de SMS',
  retryLimit: 5,
  retryDelaySeconds: 30,
  // The HTTP gateway gives up after 10 s.
  expireInSeconds: 60,
  async run({ to, body }) {
    await createSmsGateway().send({ to, body });
  },
  async onDeadLetter({ smsId }) {
    await forgetSms(getDb(), smsId);
  },
});

/**
 * One SMS from a shop to a client (a receipt, an « ardoise » reminder), counted in the plan's SMS
 * of the month under the shop's lock, so two senders cannot both send the last one, and queued in
 * the same transaction: counted if and only if it will be sent. `body` gets the shop as it was
 * locked; the text queued is returned (a client's history keeps it).
 */
export async function sendShopSms(
  db: Database,
  shopId: string,
  sms: { phone: string; purpose: SmsPurpose; body: (shop: ShopRow) => string; what: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const shop = await lockShop(tx, shopId);
    const plan = PLANS[effectivePlan(shop)];
    const body = sms.body(shop);
    // Billed by parts: a long receipt is two SMS of the month, as the gateway will charge it.
    const parts = Math.max(1, smsParts(smsText(body)).parts);
    if (plan.maxSmsPerMonth !== 'infinity') {
      const left = plan.maxSmsPerMonth - (await smsSentThisMonth(tx, shop));
      if (parts > left)
        throw Errors.quotaExceeded(
          plan.maxSmsPerMonth === 0
            ? `Votre forfait ${plan.label} n’inclut pas d’envoi de SMS. Passez à un forfait supérieur pour envoyer ${sms.what} par SMS.`
            : left <= 0
              ? `Votre forfait ${plan.label} inclut ${plan.maxSmsPerMonth.toLocaleString('fr-FR')} SMS par mois : ils sont tous utilisés. Passez à un forfait supérieur pour en envoyer davantage.`
              : `Ce message compte ${parts} SMS et il vous en reste ${left} ce mois-ci sur votre forfait ${plan.label}. Raccourcissez-le ou passez à un forfait supérieur.`,
        );
    }
    const smsId = await recordSms(tx, { shopId, phone: sms.phone, purpose: sms.purpose, parts });
    await shopSmsJob.enqueue({ smsId, shopId, to: sms.phone, body }, { tx });
    return body;
  });
}
