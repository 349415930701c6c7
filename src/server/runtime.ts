import type { Database } from './db/client';

/**
 * Process-wide singletons. server.ts (bundled by esbuild) and what Next runs itself (next-auth under
 * /api/auth, bundled by webpack) each get their own copy of every module, so the one database,
 * logger and socket server are shared through globalThis rather than module state.
 */
export interface RealtimeEmitter {
  emitToShop(shopId: string, event: string, payload: unknown): void;
  /** Closes the sockets of revoked sign-ins: they would otherwise keep receiving their shops' events. */
  disconnectSessions(sessionIds: string[]): void;
}

interface Runtime {
  db?: Database;
  closeDb?: () => Promise<void>;
  logger?: unknown;
  realtime?: RealtimeEmitter;
}

const holder = globalThis as typeof globalThis & { __comptoir?: Runtime };
export const runtime: Runtime = (holder.__comptoir ??= {});
