import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createOperator, type Member } from '../helpers/fixtures';
import { jobDeadLetters, payments, shops, smsMessages } from '@/server/db/schema';
import { defineJob, type Job } from '@/server/jobs/job';
import { startJobQueue } from '@/server/jobs/pg-boss-queue';
import { getEnv } from '@/server/env';
import { jobQueue } from '@/server/jobs/job';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { paymentCheckJob } from '@/features/payment/server/payment-check';
import { startCheckout } from '@/features/payment/server/start-checkout';

/*
 * The job queue (pg-boss) on the test's own database, as the server runs it: what a request queues
 * runs in the background, a failing job is retried with back-off then kept as a dead letter the
 * console shows, a job queued in a rolled-back transaction never exists, and jobs outlive the
 * process that queued them.
 */
const bed = setupApiTestbed();

let operator: Member;
beforeAll(async () => {
  operator = await createOperator(bed.database.db);
});

/** A queue of its own with the given jobs, on the test's database (beside the product's). */
function queueOf(jobs: Job<never>[], work = true) {
  return startJobQueue(bed.database.db, bed.database.jobStore, jobs, { work });
}

describe('the job queue', () => {
  it('retries a failing job with back-off, then keeps it as a dead letter, once', async () => {
    const attempts: number[] = [];
    const dead = vi.fn(async () => {});
    const flaky = defineJob<{ n: number }>({
      name: 'test.always-fails',
      label: 'Essai qui échoue',
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 10,
      async run(_data, run) {
        attempts.push(run.attempt);
        throw new Error(`échec ${run.attempt}`);
      },
      onDeadLetter: dead,
    });
    const queue = await queueOf([flaky as unknown as Job<never>]);
    try {
      await queue.enqueue(flaky.name, { n: 1 });
      await vi.waitFor(() => expect(dead).toHaveBeenCalledTimes(1), { timeout: 30_000, interval: 200 });
      expect(attempts).toEqual([1, 2, 3]);
      expect(dead).toHaveBeenCalledWith({ n: 1 }, 'échec 3');
      const letters = await bed.database.db
        .select()
        .from(jobDeadLetters)
        .where(eq(jobDeadLetters.name, flaky.name));
      expect(letters).toEqual([expect.objectContaining({ data: { n: 1 }, error: 'échec 3', attempts: 3 })]);
      expect((await queue.counts())[0]).toMatchObject({
        name: flaky.name,
        waiting: 0,
        running: 0,
        failed: 1,
      });
    } finally {
      await queue.stop(2_000);
    }
  }, 40_000);

  it('runs a job that succeeds on a retry once, without a dead letter', async () => {
    const runs: number[] = [];
    const once = defineJob<{ n: number }>({
      name: 'test.second-try',
      label: 'Essai au second coup',
      retryLimit: 3,
      retryDelaySeconds: 1,
      async run(_data, run) {
        runs.push(run.attempt);
        if (run.attempt === 1) throw new Error('pas encore');
      },
    });
    const queue = await queueOf([once as unknown as Job<never>]);
    try {
      await queue.enqueue(once.name, { n: 2 });
      await vi.waitFor(() => expect(runs).toEqual([1, 2]), { timeout: 20_000, interval: 200 });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(runs).toEqual([1, 2]);
      expect(
        await bed.database.db.select().from(jobDeadLetters).where(eq(jobDeadLetters.name, once.name)),
      ).toEqual([]);
    } finally {
      await queue.stop(2_000);
    }
  }, 30_000);

  it('keeps a job queued while no server works it, and runs it when one starts', async () => {
    const ran: string[] = [];
    const spec = {
      name: 'test.after-restart',
      label: 'Essai après redémarrage',
      async run({ word }: { word: string }) {
        ran.push(word);
      },
    };
    // A server that only queues (then stops), then another that works: the job waited in the database.
    const first = await queueOf([defineJob(spec) as unknown as Job<never>], false);
    await first.enqueue(spec.name, { word: 'durable' });
    await first.stop(1_000);
    expect(ran).toEqual([]);
    const second = await queueOf([defineJob(spec) as unknown as Job<never>]);
    try {
      await vi.waitFor(() => expect(ran).toEqual(['durable']), { timeout: 10_000, interval: 100 });
    } finally {
      await second.stop(2_000);
    }
  }, 20_000);

  it("declares a job's cron once across the servers that start, and leaves it alone without schedules", async () => {
    const spec = { name: 'test.hourly', label: 'Essai horaire', cron: '10 * * * *', async run() {} };
    const job = defineJob(spec) as unknown as Job<never>;
    const schedulesOf = async () =>
      (await bed.database.db.execute(
        sql`select cron, timezone from pgboss.schedule where name = ${spec.name}`,
      )) as unknown as { rows: Array<{ cron: string; timezone: string }> };
    const quiet = await startJobQueue(bed.database.db, bed.database.jobStore, [job], {
      work: false,
      schedules: false,
    });
    await quiet.stop(1_000);
    expect((await schedulesOf()).rows).toEqual([]);
    // Two servers starting: one schedule, whichever declared it last.
    for (let i = 0; i < 2; i++) await (await queueOf([job], false)).stop(1_000);
    expect((await schedulesOf()).rows).toEqual([{ cron: '10 * * * *', timezone: 'UTC' }]);
  }, 20_000);

  it('queues nothing from a transaction that rolls back', async () => {
    const ran: string[] = [];
    const spec = defineJob<{ word: string }>({
      name: 'test.in-transaction',
      label: 'Essai en transaction',
      async run({ word }) {
        ran.push(word);
      },
    });
    const queue = await queueOf([spec as unknown as Job<never>]);
    try {
      await bed.database.db
        .transaction(async (tx) => {
          await queue.enqueue(spec.name, { word: 'annulé' }, { tx });
          throw new Error('rollback');
        })
        .catch(() => {});
      await bed.database.db.transaction(async (tx) => {
        await queue.enqueue(spec.name, { word: 'validé' }, { tx });
      });
      await vi.waitFor(() => expect(ran).toEqual(['validé']), { timeout: 10_000, interval: 100 });
      await new Promise((r) => setTimeout(r, 1_000));
      expect(ran).toEqual(['validé']);
    } finally {
      await queue.stop(2_000);
    }
  }, 20_000);
});

describe('the work moved onto the queue', () => {
  it('a shop’s SMS is counted at once and reaches the gateway from a job', async () => {
    const file = getEnv().SMS_FILE_PATH!;
    const phone = '+221770001122';
    await bed.database.db
      .update(shops)
      .set({ subscriptionPlan: 'pro', shopExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(shops.id, bed.awa.shop.id));
    const text = await sendShopSms(bed.database.db, bed.awa.shop.id, {
      phone,
      purpose: 'reminder',
      what: 'les rappels',
      body: (shop) => `${shop.name} : rappel de test`,
    });
    expect(text).toBe('Boutique Awa : rappel de test');
    expect(await bed.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone))).toHaveLength(
      1,
    );
    await vi.waitFor(
      () => expect(fs.existsSync(file) && fs.readFileSync(file, 'utf8')).toContain(`"to":"${phone}"`),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('a checkout queues its later check; a pending payment is checked again, a settled one is left', async () => {
    const waiting = async () =>
      (await jobQueue().counts()).find((q) => q.name === paymentCheckJob.name)!.waiting;
    const before = await waiting();
    const { paymentId } = await startCheckout(bed.database.db, {
      purpose: 'subscription',
      shopId: bed.awa.shop.id,
      plan: 'starter',
      months: 1,
      amount: 5000,
      currency: 'XOF',
      createdByUserId: bed.awa.members.admin.user.id,
      description: 'Abonnement de test',
      customer: { phone: '+221770000001' },
    });
    // Due in two minutes: it waits.
    expect(await waiting()).toBe(before + 1);
    const run = { jobId: 'j', attempt: 1, isLastAttempt: false };
    // The sandbox payer has not chosen yet: still pending, so the next check is queued.
    await paymentCheckJob.run({ paymentId, round: 0 }, run);
    expect(await waiting()).toBe(before + 2);
    // Settled meanwhile (its webhook came): nothing asked, nothing queued.
    await bed.database.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, paymentId));
    await paymentCheckJob.run({ paymentId, round: 1 }, run);
    expect(await waiting()).toBe(before + 2);
  });
});

describe('the console’s view of the queue', () => {
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, token = operator.token) =>
    bed.server.call<T>(method, path, { token, ...(body ? { body } : {}) });

  it('shows each queue, the dead letters, runs one again and sets one aside; operators only', async () => {
    const db = bed.database.db;
    await db.insert(jobDeadLetters).values([
      {
        id: 'dead-sms',
        jobId: 'j1',
        name: 'sms.send',
        data: { smsId: 'none', shopId: bed.awa.shop.id, to: '+221770009999', body: 'Bonjour' },
        error: 'La passerelle SMS a répondu 503',
        attempts: 6,
      },
      { id: 'dead-old', jobId: 'j2', name: 'old.job', data: {}, error: 'boom', attempts: 1 },
    ]);
    const overview = await call<{
      server: string;
      queues: Array<{ name: string; label: string }>;
      deadLetters: {
        total: number;
        items: Array<{ _id: string; label: string; data: string; error: string }>;
      };
    }>('GET', '/api/console/jobs');
    expect(overview.status).toBe(200);
    expect(overview.body.queues.map((q) => q.label)).toEqual([
      'Envoi de SMS',
      'Notification push',
      'Vérification de paiement',
      'Vérification de la file',
      'SMS du CRM (campagnes, automatisations)',
      'Automatisations du CRM (chaque heure)',
      'Automatisations d’une boutique',
      'Expiration des points de fidélité (chaque nuit)',
    ]);
    expect(overview.body.deadLetters.total).toBeGreaterThanOrEqual(2);
    expect(overview.body.deadLetters.items.find((d) => d._id === 'dead-sms')).toMatchObject({
      label: 'Envoi de SMS',
      error: 'La passerelle SMS a répondu 503',
      data: expect.stringContaining('+221770009999'),
    });

    // A job this version no longer has cannot run again; it can be set aside.
    const stale = await call<{ error: { details: Record<string, string> } }>(
      'POST',
      '/api/console/retryDeadJob',
      { id: 'dead-old' },
    );
    expect(stale.status).toBe(422);
    expect(stale.body.error.details).toEqual({
      id: 'Cette tâche n’existe plus dans cette version\u00a0: écartez-la.',
    });
    expect((await call('POST', '/api/console/dismissDeadJob', { id: 'dead-old' })).status).toBe(200);
    expect((await call('POST', '/api/console/dismissDeadJob', { id: 'dead-old' })).status).toBe(404);

    // Run again: the SMS goes out from a new job, and the letter is gone.
    const again = await call<{ jobId: string }>('POST', '/api/console/retryDeadJob', { id: 'dead-sms' });
    expect(again.status).toBe(200);
    expect(again.body.jobId).toEqual(expect.any(String));
    const file = getEnv().SMS_FILE_PATH!;
    await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8')).toContain('"to":"+221770009999"'), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await db.select().from(jobDeadLetters).where(eq(jobDeadLetters.id, 'dead-sms'))).toEqual([]);

    // Nobody else sees or touches the queue.
    for (const [method, path, body] of [
      ['GET', '/api/console/jobs', undefined],
      ['POST', '/api/console/retryDeadJob', { id: 'x' }],
      ['POST', '/api/console/dismissDeadJob', { id: 'x' }],
      ['POST', '/api/console/startQueueCheck', { count: 1 }],
    ] as const)
      expect((await call(method, path, body, bed.awa.members.admin.token)).status).toBe(403);
  });

  it('« Vérifier la file »: every probe runs once, on the server that answered', async () => {
    const bad = await call<{ error: { details: Record<string, string> } }>(
      'POST',
      '/api/console/startQueueCheck',
      { count: 5000 },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual({ count: 'Au plus 1 000 tâches de vérification à la fois.' });

    const started = await call<{ probeId: string; enqueued: number; server: string }>(
      'POST',
      '/api/console/startQueueCheck',
      { count: 40 },
    );
    expect(started.status).toBe(200);
    expect(started.body.enqueued).toBe(40);
    const check = () =>
      call<{ runs: number; jobs: number; servers: Array<{ server: string; runs: number }> }>(
        'GET',
        `/api/console/queueCheck?probeId=${started.body.probeId}`,
      );
    await vi.waitFor(async () => expect((await check()).body.runs).toBe(40), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await check()).body).toMatchObject({
      jobs: 40,
      servers: [{ server: started.body.server, runs: 40 }],
    });
  }, 30_000);
});
