import { ApiError } from '@/client/api/api-error';
import type { OpResult, PosProduct } from '../../pos.schemas';
import { refreshApprovers, refreshCatalogue, refreshClients, refreshTills } from './catalogue';
import { listOutbox, nextBatch, recordResults, rejectEntry, type AppliedOutcome } from './outbox';
import { posPost } from './pos-http';
import { loadPricing, refreshPricing } from './pricing';
import type { OutboxEntry } from './types';

export interface SyncState {
  pending: number;
  rejected: number;
  /** The last request reached the server. */
  isOnline: boolean;
  isSyncing: boolean;
  lastSyncedAt: string | null;
  /** Why the last attempt failed, in French, while ops wait. */
  lastError: string | null;
  /** Why the catalogue, clients or tills could not be refreshed (the server refused, not the network). */
  referenceError: string | null;
}

export interface SyncHooks {
  /** A page of the catalogue was filed, with the cursor the copy is now at. */
  onCatalogue: (changed: PosProduct[], cursor: string) => void;
  onOutcome: (outcome: AppliedOutcome) => void;
  /** Clients, tills, approvers or the discounts' pricing data were refreshed from the server. */
  onReference: (what: 'clients' | 'tills' | 'approvers' | 'pricing') => void;
}

const PERIOD_MS = 30_000;
const REFERENCE_PERIOD_MS = 5 * 60_000;
const MIN_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/** « ops.3.lines.0.quantity » → 3: which op of the batch the server's validation refused. */
function faultyOpIndex(details: Record<string, string>): number | null {
  for (const key of Object.keys(details)) {
    const match = /^ops\.(\d+)(\.|$)/.exec(key);
    if (match) return Number(match[1]);
  }
  return null;
}

function opDetails(details: Record<string, string>, index: number): Record<string, string> {
  const prefix = `ops.${index}.`;
  return Object.fromEntries(
    Object.entries(details)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

/**
 * Sends the outbox to POST /api/pos/sync, oldest first, in batches of at most 100: at once after
 * each op, on the browser's `online` event, every 30 s, and with a growing pause while the server
 * cannot be reached. Then, online, it brings the catalogue and the clients up to date by their
 * cursors, and the tills and approvers every few minutes.
 */
export class TillSync {
  private state: SyncState = {
    pending: 0,
    rejected: 0,
    isOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
    isSyncing: false,
    lastSyncedAt: null,
    lastError: null,
    referenceError: null,
  };
  private listeners = new Set<() => void>();
  private isRunning = false;
  private runAgain = false;
  private backoffMs = 0;
  private backoffTimer: ReturnType<typeof setTimeout> | null = null;
  private periodTimer: ReturnType<typeof setInterval> | null = null;
  private lastReferenceAt = 0;
  /** The tills came with the till's boot (GET /api/pos/boot): the first round does not ask again. */
  private hasFreshTills = false;
  private lastCatalogueAt = 0;
  /** After a refused batch without details, ops go one by one to find the faulty one. */
  private isolating = false;
  private isStopped = false;

  constructor(
    private readonly shopId: string,
    private readonly userId: string,
    private readonly hooks: SyncHooks,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<SyncState>) {
    // A patch that changes nothing (still online, still no error) keeps the state as it is: its
    // readers, the till's screens, are not redrawn for it.
    const keys = Object.keys(patch) as Array<keyof SyncState>;
    if (keys.every((key) => Object.is(this.state[key], patch[key]))) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private readonly onOnline = () => {
    this.backoffMs = 0;
    this.kick({ refresh: true });
  };
  private readonly onOffline = () => this.set({ isOnline: false });
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.kick();
  };

  /** Before start(): the tills were just fetched with the till's boot. */
  tillsAreFresh(): void {
    this.hasFreshTills = true;
  }

  start(): void {
    this.isStopped = false;
    void this.count();
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    document.addEventListener('visibilitychange', this.onVisible);
    this.periodTimer = setInterval(() => {
      if (!this.backoffTimer) this.kick();
    }, PERIOD_MS);
    this.kick({ refresh: true });
  }

  stop(): void {
    this.isStopped = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    document.removeEventListener('visibilitychange', this.onVisible);
    if (this.periodTimer) clearInterval(this.periodTimer);
    if (this.backoffTimer) clearTimeout(this.backoffTimer);
    this.periodTimer = null;
    this.backoffTimer = null;
  }

  private forceRefresh = false;

  /** Sends what waits now (a new op was written, the network came back…). */
  kick(options: { refresh?: boolean } = {}): void {
    if (this.isStopped) return;
    if (options.refresh) this.forceRefresh = true;
    if (this.isRunning) {
      this.runAgain = true;
      return;
    }
    if (this.backoffTimer) {
      clearTimeout(this.backoffTimer);
      this.backoffTimer = null;
    }
    void this.run();
  }

  private async run(): Promise<void> {
    this.isRunning = true;
    this.set({ isSyncing: true });
    try {
      do {
        this.runAgain = false;
        const isFlushed = await this.flush();
        if (isFlushed) await this.refreshReference();
      } while (this.runAgain && !this.isStopped);
    } finally {
      this.isRunning = false;
      await this.count();
      this.set({ isSyncing: false });
    }
  }

  /** True when nothing is left to send. */
  private async flush(): Promise<boolean> {
    for (;;) {
      const batch = await nextBatch(this.shopId, this.userId, this.isolating ? 1 : undefined);
      if (batch.length === 0) {
        this.isolating = false;
        return true;
      }
      try {
        const { results } = await posPost<{ results: OpResult[] }>('/api/pos/sync', {
          shopId: this.shopId,
          tillId: batch[0]!.tillId,
          ops: batch.map((e) => e.op),
        });
        const outcome = await recordResults(batch, results);
        // The server's till list (each till's open session) changed: the copy kept for offline
        // days must not say otherwise.
        if (batch.some((e) => e.op.type === 'open_session' || e.op.type === 'close_session'))
          this.lastReferenceAt = 0;
        this.hooks.onOutcome(outcome);
        this.backoffMs = 0;
        this.set({ isOnline: true, lastError: null, lastSyncedAt: new Date().toISOString() });
        if (this.isolating && results.length > 0) this.isolating = false;
        await this.count();
        // The server stops at an op it cannot apply now: the rest waits for the next round.
        if (results.length < batch.length) return this.retryLater(null);
      } catch (error) {
        const handled = await this.handleRefusal(batch, error);
        if (!handled) return this.retryLater(error);
      }
    }
  }

  /** A 422 names the op the server's validation refused: that one is rejected, the rest goes on. */
  private async handleRefusal(batch: OutboxEntry[], error: unknown): Promise<boolean> {
    if (!(error instanceof ApiError) || error.status !== 422) return false;
    this.set({ isOnline: true });
    const index = faultyOpIndex(error.details);
    const faulty = index !== null ? batch[index] : batch.length === 1 ? batch[0] : undefined;
    if (!faulty) {
      this.isolating = true;
      return true;
    }
    const details = index !== null ? opDetails(error.details, index) : error.details;
    // The field's own sentence (« Le montant doit être supérieur à 0. ») says more than the batch's.
    const message = Object.values(details)[0] ?? error.message;
    this.hooks.onOutcome(await rejectEntry(faulty, message));
    return true;
  }

  private retryLater(error: unknown): false {
    const isNetwork = error instanceof ApiError && error.status === 0;
    this.backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(MIN_BACKOFF_MS, this.backoffMs * 2));
    this.set({
      isOnline: !isNetwork,
      // Offline is said by the badge already; a server's refusal is worth a sentence.
      lastError: isNetwork
        ? null
        : error instanceof ApiError
          ? error.message
          : error
            ? 'La synchronisation a échoué. Nouvel essai bientôt.'
            : null,
    });
    const jitter = Math.random() * 500;
    if (!this.isStopped) {
      this.backoffTimer = setTimeout(() => {
        this.backoffTimer = null;
        this.kick();
      }, this.backoffMs + jitter);
    }
    return false;
  }

  /** The catalogue and the clients at each round online; tills and approvers every few minutes. */
  private async refreshReference(): Promise<void> {
    const now = Date.now();
    const isForced = this.forceRefresh;
    this.forceRefresh = false;
    // The two go side by side: a tablet opened for the first time shows « Choisir la caisse » as
    // soon as it knows the tills, not after the catalogue, the clients and the discounts.
    const rounds: Array<Promise<void>> = [];
    if (isForced || now - this.lastCatalogueAt >= PERIOD_MS) {
      this.lastCatalogueAt = now;
      rounds.push(
        (async () => {
          await refreshCatalogue(this.shopId, this.hooks.onCatalogue);
          if (await refreshClients(this.shopId)) this.hooks.onReference('clients');
          await this.refreshPricing();
        })(),
      );
    }
    if (isForced || now - this.lastReferenceAt >= REFERENCE_PERIOD_MS) {
      this.lastReferenceAt = now;
      rounds.push(
        (async () => {
          if (this.hasFreshTills) this.hasFreshTills = false;
          else {
            await refreshTills(this.shopId);
            this.hooks.onReference('tills');
          }
          await refreshApprovers(this.shopId);
          this.hooks.onReference('approvers');
        })(),
      );
    }
    try {
      // Both rounds end before the state is said, whichever failed first.
      const failed = (await Promise.allSettled(rounds)).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      this.set({ isOnline: true, referenceError: null });
    } catch (error) {
      // Reference data can wait for the next round: the till goes on with its copy.
      if (error instanceof ApiError && error.status === 0) this.set({ isOnline: false });
      else
        this.set({
          referenceError: error instanceof ApiError ? error.message : 'Le serveur n’a pas pu répondre.',
        });
    }
  }

  /**
   * The discounts the till prices with, with the catalogue: kept and announced when their revision
   * or usage changed. A refusal (a server without discounts yet, a role without them) keeps the
   * copy and does not stop the catalogue's rounds; only the network's absence is said.
   */
  private async refreshPricing(): Promise<void> {
    try {
      if (await refreshPricing(this.shopId, await loadPricing(this.shopId)))
        this.hooks.onReference('pricing');
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) throw error;
    }
  }

  /** Re-reads the counters (after an op is written elsewhere on the page, for instance). */
  async count(): Promise<void> {
    const entries = await listOutbox(this.shopId);
    this.set({
      pending: entries.filter((e) => e.status === 'pending').length,
      rejected: entries.filter((e) => e.status === 'rejected').length,
    });
  }
}
