import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Background jobs that failed their last attempt (src/server/jobs): what the platform console shows
 * its operators, who may run one again or set it aside. The queue engine (pg-boss) keeps its own
 * tables in the `pgboss` schema; this one is ours, so the console does not read the engine's.
 */
export const jobDeadLetters = pgTable(
  'job_dead_letters',
  {
    id: text('id').primaryKey(),
    /** The engine's id of the job that failed. */
    jobId: text('job_id').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_dead_letters_created_idx').on(t.createdAt)],
);
