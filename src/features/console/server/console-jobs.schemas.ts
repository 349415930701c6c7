import { ZId, z } from '@/shared/validation';

export const ZQueueCounts = z.object({
  name: z.string(),
  label: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
});

export const ZDeadLetter = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  /** The job's data, as JSON (cut at 300 characters). */
  data: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
});
export type TDeadLetter = z.infer<typeof ZDeadLetter>;

export const ZJobsOverview = z.object({
  /** The server that answered (host:process): with several, each answers for the same queue. */
  server: z.string(),
  queues: z.array(ZQueueCounts),
  deadLetters: z.object({ items: z.array(ZDeadLetter), total: z.number().int() }),
});
export type TJobsOverview = z.infer<typeof ZJobsOverview>;

export const ZDeadLetterBody = z.object({ id: ZId });

export const ZStartQueueCheckBody = z.object({
  count: z
    .number({ error: 'Indiquez le nombre de tâches de vérification.' })
    .int('Le nombre de tâches doit être un nombre entier.')
    .min(1, 'Au moins 1 tâche de vérification.')
    .max(1000, 'Au plus 1 000 tâches de vérification à la fois.'),
  /** Joins a check begun on another server. */
  probeId: ZId.optional(),
});

export const ZStartedQueueCheck = z.object({
  probeId: z.string(),
  enqueued: z.number().int(),
  server: z.string(),
});

export const ZQueueCheckQuery = z.object({ probeId: ZId });

export const ZQueueCheck = z.object({
  probeId: z.string(),
  runs: z.number().int(),
  jobs: z.number().int(),
  servers: z.array(z.object({ server: z.string(), runs: z.number().int() })),
});
