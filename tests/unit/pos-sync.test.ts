// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPosDbConnection, openPosDb } from '@/features/pos/client/offline/db';
import { listOutbox } from '@/features/pos/client/offline/outbox';
import { setTillToken } from '@/features/pos/client/offline/pos-http';
import { TillSync } from '@/features/pos/client/offline/sync-engine';
import { openSession, type TillActor } from '@/features/pos/client/offline/till-ops';
import { createClient } from '@/features/pos/client/offline/client-ops';
import type { PosOp } from '@/features/pos/pos.schemas';

const actor: TillActor = {
  shopId: 'shop1',
  userId: 'user1',
  tillId: 'till1',
  tillName: 'Caisse 1',
  cashierName: 'Ibrahima',
  currency: 'XOF',
};

type Handler = (url: URL, init: RequestInit) => { status: number; body: unknown } | 'network';
let handler: Handler;
const sent: Array<{ path: string; ops?: PosOp[]; auth?: string }> = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  forgetPosDbConnection();
  sent.length = 0;
  setTillToken({ accessToken: 'token-1', accessTokenExpiresAt: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = init.body ? (JSON.parse(String(init.body)) as { ops?: PosOp[] }) : {};
      sent.push({
        path: url.pathname,
        ops: body.ops,
        auth: new Headers(init.headers).get('Authorization') ?? undefined,
      });
      const answer = handler(url, init);
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return json(answer.status, answer.body);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every op as applied, and an empty catalogue. */
const applyAll: Handler = (url, init) => {
  if (url.pathname === '/api/pos/sync') {
    const { ops } = JSON.parse(String(init.body)) as { ops: PosOp[] };
    return { status: 200, body: { results: ops.map((op) => ({ id: op.id, status: 'applied' })) } };
  }
  if (url.pathname === '/api/pos/catalogue' || url.pathname === '/api/pos/clients')
    return { status: 200, body: { items: [], categories: [], cursor: 'c1', hasMore: false } };
  if (url.pathname === '/api/pos/tills' || url.pathname === '/api/pos/approvers')
    return { status: 200, body: { items: [] } };
  return { status: 404, body: {} };
};

async function runOnce(sync: TillSync) {
  sync.kick({ refresh: true });
  await vi.waitFor(() => expect(sync.getState().isSyncing).toBe(false), { timeout: 3000 });
}

function newSync(onOutcome = vi.fn()) {
  return new TillSync('shop1', 'user1', { onCatalogue: vi.fn(), onOutcome, onReference: vi.fn() });
}

describe('till sync', () => {
  it('sends the outbox in order, then brings the catalogue up to date with local sales taken off', async () => {
    const db = await openPosDb();
    await openSession(actor, 1000);
    await createClient(actor, 'Awa', '');
    let page = 0;
    handler = (url, init) => {
      if (url.pathname !== '/api/pos/catalogue') return applyAll(url, init);
      page++;
      const since = url.searchParams.get('since');
      return {
        status: 200,
        body: {
          items: [
            {
              id: `p${page}`,
              name: `Produit ${page}`,
              categoryId: 'cat',
              imageUrl: null,
              trackStock: true,
              isRemoved: false,
              options: [],
              variants: [
                {
                  id: `v${page}`,
                  optionValues: [],
                  price: 100,
                  sku: null,
                  barcode: null,
                  stock: 5,
                  imageUrl: null,
                },
              ],
            },
          ],
          categories: [{ id: 'cat', name: 'Boissons' }],
          cursor: `cursor-${page}`,
          hasMore: since === null,
        },
      };
    };
    const sync = newSync();
    await runOnce(sync);
    const syncCalls = sent.filter((s) => s.path === '/api/pos/sync');
    expect(syncCalls).toHaveLength(1);
    expect(syncCalls[0]!.ops!.map((op) => op.type)).toEqual(['open_session', 'client']);
    expect(syncCalls[0]!.auth).toBe('Bearer token-1');
    expect(await listOutbox('shop1')).toEqual([]);
    expect(sent.filter((s) => s.path === '/api/pos/catalogue')).toHaveLength(2);
    expect((await db.getAllFromIndex('products', 'shopId', 'shop1')).map((p) => p.id).sort()).toEqual([
      'p1',
      'p2',
    ]);
    expect(await db.get('meta', 'catalogueCursor:shop1')).toBe('cursor-2');
    expect(sync.getState()).toMatchObject({ pending: 0, rejected: 0, isOnline: true, lastError: null });
  });

  it('keeps everything while the network is gone, and sends it when it comes back', async () => {
    await createClient(actor, 'Awa', '');
    handler = () => 'network';
    const sync = newSync();
    await runOnce(sync);
    expect(sync.getState()).toMatchObject({ pending: 1, isOnline: false });
    handler = applyAll;
    await runOnce(sync);
    expect(sync.getState()).toMatchObject({ pending: 0, isOnline: true });
    sync.stop();
  });

  it('rejects the one op the server’s validation names, and sends the others', async () => {
    await createClient(actor, 'Un', '');
    await createClient(actor, 'Deux', '');
    await createClient(actor, 'Trois', '');
    handler = (url, init) => {
      const { ops } = JSON.parse(String(init.body ?? '{}')) as { ops?: PosOp[] };
      if (url.pathname === '/api/pos/sync' && ops && ops.length === 3)
        return {
          status: 422,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'Données invalides.',
              details: { 'ops.1.client.name': 'Nom trop long.' },
            },
          },
        };
      return applyAll(url, init);
    };
    const onOutcome = vi.fn();
    const sync = newSync(onOutcome);
    await runOnce(sync);
    const left = await listOutbox('shop1');
    expect(left.map((e) => [e.status, e.error])).toEqual([['rejected', 'Nom trop long.']]);
    expect(sent.filter((s) => s.path === '/api/pos/sync').map((s) => s.ops!.length)).toEqual([3, 2]);
    sync.stop();
  });

  it('asks next-auth for a fresh token on a 401 and sends again', async () => {
    await createClient(actor, 'Awa', '');
    handler = (url, init) => {
      if (url.pathname === '/api/auth/session')
        return {
          status: 200,
          body: {
            user: { id: 'user1', phone: '+221770000004', name: 'Ibrahima' },
            accessToken: 'token-2',
            accessTokenExpiresAt: 9_999_999_999,
          },
        };
      const auth = new Headers(init.headers).get('Authorization');
      if (auth !== 'Bearer token-2')
        return { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Session expirée.' } } };
      return applyAll(url, init);
    };
    const sync = newSync();
    await runOnce(sync);
    expect(sync.getState().pending).toBe(0);
    expect(sent.some((s) => s.path === '/api/auth/session')).toBe(true);
    sync.stop();
  });
});
