import { and, count, countDistinct, eq, lt } from 'drizzle-orm';
import { getDb, type Executor } from '@/server/db';
import { jobProbeRuns } from '@/server/db/schema/console';
import { newId } from '@/server/ids';
import { defineJob, jobQueue } from '@/server/jobs/job';
import { SERVER_NAME } from '@/server/jobs/pg-boss-queue';

/**
 * The console's « Vérifier la file »: probe jobs that each note which server ran them. With several
 * servers an operator sees every probe run, once, and the work shared between the servers.
 */
export const queueProbeJob = defineJob<{ probeId: string }>({
  name: 'queue.probe',
  label: 'Vérification de la file',
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 30,
  async run({ probeId }, { jobId }) {
    await getDb().insert(jobProbeRuns).values({ id: newId(), probeId, jobId, server: SERVER_NAME });
  },
});

/** Queues `count` probes under `probeId` (a new one when absent: another server may join a check). */
export async function startQueueCheck(db: Executor, count: number, probeId = newId()) {
  // Yesterday's checks are of no more use.
  await db.delete(jobProbeRuns).where(lt(jobProbeRuns.ranAt, new Date(Date.now() - 86_400_000)));
  await jobQueue().enqueueMany(
    queueProbeJob.name,
    Array.from({ length: count }, () => ({ probeId })),
  );
  return { probeId, enqueued: count, server: SERVER_NAME };
}

/** What the probes of a check did: runs, distinct jobs (fewer means a job ran twice), per server. */
export async function queueCheckResult(db: Executor, probeId: string) {
  const [totals] = await db
    .select({ runs: count(), jobs: countDistinct(jobProbeRuns.jobId) })
    .from(jobProbeRuns)
    .where(eq(jobProbeRuns.probeId, probeId));
  const servers = await db
    .select({ server: jobProbeRuns.server, runs: count() })
    .from(jobProbeRuns)
    .where(and(eq(jobProbeRuns.probeId, probeId)))
    .groupBy(jobProbeRuns.server)
    .orderBy(jobProbeRuns.server);
  return {
    probeId,
    runs: Number(totals?.runs ?? 0),
    jobs: Number(totals?.jobs ?? 0),
    servers: servers.map((s) => ({ server: s.server, runs: Number(s.runs) })),
  };
}
