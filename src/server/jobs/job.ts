import type { Executor } from '../db';
import { runtime } from '../runtime';

/** What a run knows of itself. */
export interface JobRun {
  jobId: string;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** True when no retry is left after this one: a failure now makes the job a dead letter. */
  isLastAttempt: boolean;
}

export interface JobSpec<T> {
  /** Lower-case words and dots (`sms.send`): the queue's name in the engine. */
  name: string;
  /** What the console calls it (« Envoi de SMS »). */
  label: string;
  /** Does the work. Throwing makes the job retry, later each time, until `retryLimit` runs out. */
  run(data: T, run: JobRun): Promise<void>;
  /** Retries after the first try (0: one try only). */
  retryLimit?: number;
  /** The first retry's delay; each next one doubles it (with a random part, so retries spread). */
  retryDelaySeconds?: number;
  /** A run longer than this is given up (and retried): it must stay above the slowest real run. */
  expireInSeconds?: number;
  /**
   * Also run on this cron schedule (UTC), once across all servers, with empty data; every server
   * starting declares it, so the build's schedule is the one in force.
   */
  cron?: string;
  /** After the last attempt failed, once (an SMS is then uncounted, for one). Must not throw. */
  onDeadLetter?(data: T, error: string): Promise<void>;
}

export interface EnqueueOptions {
  /**
   * The caller's transaction: the job exists if and only if it commits. Required when enqueueing
   * inside a transaction: on the embedded database a statement outside it would wait for it to end.
   */
  tx?: Executor;
  /** Not before this many seconds. */
  startAfterSeconds?: number;
  /** At most one job waiting with this key (a second enqueue is ignored, answering null). */
  singletonKey?: string;
}

export interface Job<T> extends Required<Omit<JobSpec<T>, 'onDeadLetter' | 'cron'>> {
  onDeadLetter?: JobSpec<T>['onDeadLetter'];
  cron?: string;
  /** Puts the job on the queue; answers its id (null when a singleton already waits). */
  enqueue(data: T, options?: EnqueueOptions): Promise<string | null>;
}

/** The queue every server of the database shares (pg-boss), as server.ts started it. */
export interface JobQueue {
  enqueue(name: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement, due now or at `startAfter`. */
  enqueueMany(
    name: string,
    items: readonly object[],
    options?: Pick<EnqueueOptions, 'tx'> & { startAfter?: Date },
  ): Promise<void>;
  /** Runs `name` on a cron schedule (in `tz`), once across all servers; the same call again updates it. */
  schedule(name: string, cron: string, data?: object, tz?: string): Promise<void>;
  /** How many jobs of each queue wait, run, and failed for good (kept a week). */
  counts(): Promise<QueueCounts[]>;
  /** Stops fetching, lets the running jobs finish (or hands them back after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface QueueCounts {
  name: string;
  waiting: number;
  running: number;
  failed: number;
}

/** The running queue; it is started with the database, before any request is served. */
export function jobQueue(): JobQueue {
  if (!runtime.jobs) throw new Error('La file des tâches de fond n’est pas démarrée.');
  return runtime.jobs;
}

export function defineJob<T extends object>(spec: JobSpec<T>): Job<T> {
  return {
    retryLimit: 5,
    retryDelaySeconds: 15,
    expireInSeconds: 120,
    ...spec,
    enqueue: (data, options) => jobQueue().enqueue(spec.name, data, options),
  };
}
