import type { OpenedDatabase } from '../db/client';
import { runtime } from '../runtime';
import type { Job } from './job';
import { startJobQueue } from './pg-boss-queue';

/**
 * Starts the job queue on the opened database (installing or upgrading the engine's schema, under
 * its own lock), with a worker per job, and makes it the process's queue. Answers the graceful stop.
 */
export async function startJobs(
  opened: Pick<OpenedDatabase, 'db' | 'jobStore'>,
  jobs: readonly Job<never>[],
  options: { work?: boolean; schedules?: boolean } = {},
): Promise<(timeoutMs?: number) => Promise<void>> {
  const queue = await startJobQueue(opened.db, opened.jobStore, jobs, options);
  runtime.jobs = queue;
  return async (timeoutMs) => {
    await queue.stop(timeoutMs);
    if (runtime.jobs === queue) runtime.jobs = undefined;
  };
}
