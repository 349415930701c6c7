import { getDb } from '@/server/db';
import { defineJob, jobQueue } from '@/server/jobs/job';
import { runShopAutomations, shopsWithAutomations } from './automations';

/** One shop's automations, now (`runShopAutomations`): one waiting at a time per shop. */
export const shopAutomationsJob = defineJob<{ shopId: string }>({
  name: 'crm.automations-shop',
  label: 'Automatisations d’une boutique',
  retryLimit: 2,
  retryDelaySeconds: 300,
  async run({ shopId }) {
    await runShopAutomations(getDb(), shopId, new Date());
  },
});

/**
 * Every hour, a job for each shop with an automation switched on: the shops' runs are shared
 * between the servers, and one shop's failure retries alone.
 */
export const automationsSweepJob = defineJob<Record<string, never>>({
  name: 'crm.automations',
  label: 'Automatisations du CRM (chaque heure)',
  cron: '10 * * * *',
  retryLimit: 1,
  async run() {
    for (const shopId of await shopsWithAutomations(getDb()))
      await jobQueue().enqueue(shopAutomationsJob.name, { shopId }, { singletonKey: shopId });
  },
});
