import type { Database } from './db/client';
import type { JobQueue } from './jobs/job';
import type { RedisClientType } from 'redis';

/**
 * Process-wide singletons. server.ts (bundled by esbuild) and what Next runs itself (next-auth under
 * /api/auth, bundled by webpack) each get their own copy of every module, so the one database,
 * logger and socket server are shared through globalThis rather than module state.
 */
export interface RealtimeEmitter {
  emitToShop(shopId: string, event: string, payload: unknown): void;
  /** To the shop's sockets whose agent has one of `roles`, none of `exceptUserId`'s. */
  emitToShopAudience(
    shopId: string,
    event: string,
    payload: unknown,
    audience: { roles: readonly string[]; exceptUserId?: string },
  ): void;
  /**
   * A member's role changed or they lost access: their sockets leave the shop's rooms and are asked
   * to join again, which checks the membership afresh (`membershipChanged`).
   */
  refreshMembership(shopId: string, userId: string): void;
  /** Closes the sockets of revoked sign-ins: they would otherwise keep receiving their shops' events. */
  disconnectSessions(sessionIds: string[]): void;
}

interface Runtime {
  db?: Database;
  closeDb?: () => Promise<void>;
  logger?: unknown;
  realtime?: RealtimeEmitter;
  jobs?: JobQueue;
  /** The Redis every server shares (REDIS_URL): rate limits and the storefront cache's news. */
  redis?: RedisClientType;
}

const holder = globalThis as typeof globalThis & { __comptoir?: Runtime };
export const runtime: Runtime = (holder.__comptoir ??= {});
