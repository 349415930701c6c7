import { defineRoute } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { jobQueue } from '@/server/jobs/job';
import { listDeadLetters, takeDeadLetter, type DeadLetterRow } from '@/server/jobs/dead-letters';
import { SERVER_NAME } from '@/server/jobs/pg-boss-queue';
import { JOBS, jobLabel } from '@/features/jobs';
import { z } from '@/shared/validation';
import {
  ZDeadLetterBody,
  ZJobsOverview,
  ZQueueCheck,
  ZQueueCheckQuery,
  ZStartQueueCheckBody,
  ZStartedQueueCheck,
  type TDeadLetter,
} from './console-jobs.schemas';
import { queueCheckResult, startQueueCheck } from './queue-check';

const DEAD_LETTERS_SHOWN = 50;

function toDeadLetter(row: DeadLetterRow): TDeadLetter {
  const data = JSON.stringify(row.data);
  return {
    _id: row.id,
    name: row.name,
    label: jobLabel(row.name),
    data: data.length > 300 ? `${data.slice(0, 299)}…` : data,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  };
}

export const jobsOverviewRoute = defineRoute({
  method: 'GET',
  path: '/api/console/jobs',
  tag: 'console',
  summary:
    'Console plateforme : les files des tâches de fond (en attente, en cours, en échec) et les tâches abandonnées après leur dernier essai.',
  operatorOnly: true,
  response: ZJobsOverview,
  handle: async ({ db }) => {
    const [counts, deadLetters] = await Promise.all([
      jobQueue().counts(),
      listDeadLetters(db, DEAD_LETTERS_SHOWN),
    ]);
    return {
      server: SERVER_NAME,
      queues: counts.map((c) => ({ ...c, label: jobLabel(c.name) })),
      deadLetters: { items: deadLetters.items.map(toDeadLetter), total: deadLetters.total },
    };
  },
});

export const retryDeadJobRoute = defineRoute({
  method: 'POST',
  path: '/api/console/retryDeadJob',
  tag: 'console',
  summary: 'Console plateforme : relance une tâche abandonnée (elle repart avec tous ses essais).',
  operatorOnly: true,
  body: ZDeadLetterBody,
  response: z.object({ jobId: z.string().nullable() }),
  handle: async ({ db, body, log }) =>
    db.transaction(async (tx) => {
      const letter = await takeDeadLetter(tx, body.id);
      if (!letter) throw Errors.notFound('La tâche');
      if (!JOBS.some((job) => job.name === letter.name))
        throw Errors.validation(
          { id: 'Cette tâche n’existe plus dans cette version : écartez-la.' },
          'Tâche : elle n’existe plus dans cette version.',
        );
      const jobId = await jobQueue().enqueue(letter.name, letter.data as object, { tx });
      log.info({ job: letter.name, jobId }, 'dead job run again by an operator');
      return { jobId };
    }),
});

export const dismissDeadJobRoute = defineRoute({
  method: 'POST',
  path: '/api/console/dismissDeadJob',
  tag: 'console',
  summary: 'Console plateforme : écarte une tâche abandonnée (elle ne sera pas relancée).',
  operatorOnly: true,
  body: ZDeadLetterBody,
  response: z.object({ dismissed: z.literal(true) }),
  handle: async ({ db, body }) => {
    if (!(await takeDeadLetter(db, body.id))) throw Errors.notFound('La tâche');
    return { dismissed: true as const };
  },
});

export const startQueueCheckRoute = defineRoute({
  method: 'POST',
  path: '/api/console/startQueueCheck',
  tag: 'console',
  summary:
    'Console plateforme : met en file des tâches de vérification ; chacune note le serveur qui l’a exécutée (voir queueCheck).',
  operatorOnly: true,
  body: ZStartQueueCheckBody,
  response: ZStartedQueueCheck,
  handle: ({ db, body }) => startQueueCheck(db, body.count, body.probeId),
});

export const queueCheckRoute = defineRoute({
  method: 'GET',
  path: '/api/console/queueCheck',
  tag: 'console',
  summary:
    'Console plateforme : où en est une vérification de la file (exécutions, tâches distinctes, par serveur).',
  operatorOnly: true,
  query: ZQueueCheckQuery,
  response: ZQueueCheck,
  handle: ({ db, query }) => queueCheckResult(db, query.probeId),
});
