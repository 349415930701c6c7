import os from 'node:os';
import PgBoss from 'pg-boss';
import type { Database } from '../db';
import type { JobStore } from '../db/client';
import { getLogger } from '../logger';
import { recordDeadLetter } from './dead-letters';
import type { EnqueueOptions, Job, JobQueue, QueueCounts } from './job';
import { engineExecutor } from './sql-text';

/** Which server ran a job (the console's queue check shows it): host and process. */
export const SERVER_NAME = `${os.hostname()}:${process.pid}`;

/** Jobs a worker takes at once; each runs, succeeds or fails on its own. */
const BATCH_SIZE = 10;
/** How often an idle worker looks for jobs; an enqueue on this server wakes its worker at once. */
const POLLING_SECONDS = 2;

type EngineJob = PgBoss.JobWithMetadata<object>;

/**
 * The job queue on pg-boss: jobs are rows of the database every server shares, taken with
 * `FOR UPDATE SKIP LOCKED`, so a job one server took is not run by another, and one survives a
 * restart (a run cut short is retried once it expires). On PGlite the same engine runs in this
 * process on the embedded connection. `work: false` enqueues without running anything (a tool);
 * `schedules: false` leaves the cron jobs alone (tests, which run them at the instant they choose).
 */
export async function startJobQueue(
  db: Database,
  store: JobStore,
  jobs: readonly Job<never>[],
  { work = true, schedules = true }: { work?: boolean; schedules?: boolean } = {},
): Promise<JobQueue> {
  const log = getLogger().child({ module: 'jobs' });
  const boss = new PgBoss({
    ...(store as PgBoss.ConstructorOptions),
    schema: 'pgboss',
    max: 4,
    application_name: 'comptoir-jobs',
    // Without it this server neither declares nor fires the cron jobs (tests drive them by hand).
    schedule: schedules,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'file des tâches : erreur du moteur'));
  await boss.start();

  const workerOf = new Map<string, string>();
  for (const job of jobs) {
    const options = {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds,
    };
    // Both idempotent: every server starting declares the queues as this build defines them.
    await boss.createQueue(job.name, options);
    await boss.updateQueue(job.name, options);
    // (A cron taken out of a job's definition stays in the engine until unscheduled by hand.)
    if (job.cron && schedules) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    if (!work) continue;
    const workerId: string = await boss.work<object>(
      job.name,
      { includeMetadata: true, batchSize: BATCH_SIZE, pollingIntervalSeconds: POLLING_SECONDS },
      async (batch) => {
        await Promise.all(batch.map((one) => runOne(job, one)));
        // A full batch: more may wait, so fetch again at once instead of after the polling delay.
        if (batch.length === BATCH_SIZE) boss.notifyWorker(workerId);
      },
    );
    workerOf.set(job.name, workerId);
  }

  /**
   * One job of a batch, settled on its own: the engine then completes the batch, which leaves the
   * jobs failed here as they are (it completes active jobs only).
   */
  async function runOne(job: Job<never>, one: EngineJob): Promise<void> {
    const attempt = one.retryCount + 1;
    const isLastAttempt = one.retryCount >= one.retryLimit;
    try {
      await job.run(one.data as never, { jobId: one.id, attempt, isLastAttempt });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.name, jobId: one.id, attempt }, 'tâche de fond en échec');
      await boss.fail(job.name, one.id, { message });
      if (isLastAttempt) await deadLetter(job, one, message, attempt);
    }
  }

  async function deadLetter(job: Job<never>, one: EngineJob, message: string, attempts: number) {
    try {
      await recordDeadLetter(db, { jobId: one.id, name: job.name, data: one.data, error: message, attempts });
      await job.onDeadLetter?.(one.data as never, message);
    } catch (error) {
      log.error({ err: error, job: job.name, jobId: one.id }, 'lettre morte non enregistrée');
    }
  }

  return {
    async enqueue(name: string, data: object, options: EnqueueOptions = {}) {
      const id = await boss.send(name, data, {
        ...(options.tx ? { db: engineExecutor(options.tx) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      // Due now and this server works it: no need to wait for the next poll. (Inside a transaction
      // the worker may look before the commit; then the poll finds it.)
      const workerId = workerOf.get(name);
      if (id && workerId && !options.startAfterSeconds) boss.notifyWorker(workerId);
      return id;
    },
    async enqueueMany(name, items, options = {}) {
      if (items.length === 0) return;
      const startAfter = options.startAfter?.toISOString();
      await boss.insert(
        items.map((data) => ({ name, data, ...(startAfter ? { startAfter } : {}) })),
        options.tx ? { db: engineExecutor(options.tx) } : {},
      );
      const workerId = workerOf.get(name);
      if (workerId && !startAfter) boss.notifyWorker(workerId);
    },
    async schedule(name, cron, data = {}, tz = 'UTC') {
      await boss.schedule(name, cron, data, { tz });
    },
    async counts(): Promise<QueueCounts[]> {
      // The engine's own table (pg-boss documents it): one statement for every queue and state.
      const { rows } = (await boss
        .getDb()
        .executeSql(
          `select name, state::text as state, count(*)::int as n from pgboss.job where name = any($1::text[]) group by name, state`,
          [jobs.map((j) => j.name)],
        )) as { rows: Array<{ name: string; state: string; n: number }> };
      return jobs.map((job) => {
        const count = (...states: string[]) =>
          rows
            .filter((r) => r.name === job.name && states.includes(r.state))
            .reduce((sum, r) => sum + Number(r.n), 0);
        return {
          name: job.name,
          waiting: count('created', 'retry'),
          running: count('active'),
          failed: count('failed'),
        };
      });
    },
    async stop(timeoutMs = 20_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
