import type { Job } from '@/server/jobs/job';
import { pushJob } from '@/server/push/push-to-shop';
import { shopSmsJob } from '@/features/shop/server/shop-sms';
import { paymentCheckJob } from '@/features/payment/server/payment-check';
import { queueProbeJob } from '@/features/console/server/queue-check';
import { campaignSmsJob } from '@/features/crm/server/campaign-job';
import { automationsSweepJob, shopAutomationsJob } from '@/features/crm/server/automation-jobs';
import { pointsExpiryJob } from '@/features/loyalty/server/expiry';

/**
 * Every background job of the product, as ROUTES lists every route: server.ts starts a worker for
 * each, and the console shows their queues by these names.
 */
export const JOBS: readonly Job<never>[] = [
  shopSmsJob,
  pushJob,
  paymentCheckJob,
  queueProbeJob,
  campaignSmsJob,
  automationsSweepJob,
  shopAutomationsJob,
  pointsExpiryJob,
] as unknown as readonly Job<never>[];

export function jobLabel(name: string): string {
  return JOBS.find((job) => job.name === name)?.label ?? name;
}
