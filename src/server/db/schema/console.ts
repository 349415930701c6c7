import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of the console's queue check (« Vérifier la file »): which server ran which job,
 * so an operator sees that every probe ran once, and on which servers.
 */
export const jobProbeRuns = pgTable(
  'job_probe_runs',
  {
    id: text('id').primaryKey(),
    probeId: text('probe_id').notNull(),
    jobId: text('job_id').notNull(),
    server: text('server').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_probe_runs_probe_idx').on(t.probeId)],
);
