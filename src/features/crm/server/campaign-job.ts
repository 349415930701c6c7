import { eq } from 'drizzle-orm';
import { getDb, type Executor } from '@/server/db';
import { crmCampaignMessages } from '@/server/db/schema/crm';
import { getEnv } from '@/server/env';
import { defineJob } from '@/server/jobs/job';
import { forgetSms } from '@/server/sms/sms-log';
import { acceptsMarketingSms } from '@/features/customer/server/sms-consent';
import { recordClientMessage } from '@/features/customer/server/client-events';
import { gatewayFor } from './campaign-channel';

/** The next instant this server may hand a campaign SMS to the gateway (SMS_RATE_PER_SECOND). */
let nextSlot = 0;
async function waitForGateway(): Promise<void> {
  const gap = 1000 / getEnv().SMS_RATE_PER_SECOND;
  const now = Date.now();
  const at = Math.max(now, nextSlot);
  nextSlot = at + gap;
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

async function setStatus(
  db: Executor,
  messageId: string,
  status: string,
  extra: { error?: string; sentAt?: Date; providerId?: string | null } = {},
) {
  await db
    .update(crmCampaignMessages)
    .set({
      status,
      error: extra.error ?? null,
      ...(extra.sentAt ? { sentAt: extra.sentAt } : {}),
      ...(extra.providerId ? { providerId: extra.providerId } : {}),
    })
    .where(eq(crmCampaignMessages.id, messageId));
}

/**
 * One CRM SMS (a campaign's or an automation's). Never sent twice: it is marked `sending`
 * (committed) before the gateway is called, and a run that finds it so (its server died during the
 * call) does not call again — it is marked failed, « état inconnu », rather than risk a second message. A client who said STOP
 * since a marketing message was queued is skipped, and the SMS given back to the month's quota.
 */
export const campaignSmsJob = defineJob<{ messageId: string }>({
  name: 'crm.campaign-sms',
  label: 'SMS du CRM (campagnes, automatisations)',
  retryLimit: 4,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  async run({ messageId }, run) {
    const db = getDb();
    const message = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(crmCampaignMessages)
        .where(eq(crmCampaignMessages.id, messageId))
        .for('update');
      if (!row) return null;
      if (row.status === 'sending') {
        await tx
          .update(crmCampaignMessages)
          .set({ status: 'failed', error: 'Envoi interrompu : état inconnu, non renvoyé.' })
          .where(eq(crmCampaignMessages.id, messageId));
        return null;
      }
      if (row.status !== 'queued') return null;
      const channel = row.channel === 'whatsapp' ? 'whatsapp' : 'sms';
      if (row.marketing && !(await acceptsMarketingSms(tx, row.shopId, row.phone, channel))) {
        await setStatus(tx, messageId, 'skipped', { error: 'Désinscrit (STOP) depuis le lancement.' });
        await forgetSms(tx, messageId);
        return null;
      }
      // The row is locked and found `queued`: no other run can have changed it meanwhile.
      await setStatus(tx, messageId, 'sending');
      return row;
    });
    if (!message) return;
    await waitForGateway();
    let sent;
    try {
      sent = await gatewayFor(message.channel).send({ to: message.phone, body: message.body });
    } catch (error) {
      const answer = error instanceof Error ? error.message : String(error);
      // The gateway said no: nothing went out, so it may be tried again (or given back).
      await setStatus(db, messageId, run.isLastAttempt ? 'failed' : 'queued', { error: answer });
      if (run.isLastAttempt) await forgetSms(db, messageId);
      throw error;
    }
    await setStatus(db, messageId, 'sent', { sentAt: new Date(), providerId: sent.providerId });
    // On the client's history (« SMS envoyé »), as the SMS an agent sends from their page are.
    if (message.clientId && message.channel === 'sms')
      await recordClientMessage(db, {
        shopId: message.shopId,
        clientId: message.clientId,
        purpose: message.automation ? 'automation' : 'campaign',
        text: message.body,
        userId: null,
      });
  },
});
