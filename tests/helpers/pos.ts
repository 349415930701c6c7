import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiTestbed } from './api-testbed';
import type { Actor } from './orders';

type Params = Record<string, string | number | undefined>;

function query(params: Params): string {
  const defined = Object.entries(params).filter(([, v]) => v !== undefined);
  return new URLSearchParams(defined.map(([k, v]) => [k, String(v)])).toString();
}

/** Every till route, called through the real server. */
export function posCalls(bed: ApiTestbed) {
  const call: ApiTestbed['server']['call'] = (method, path, options) =>
    bed.server.call(method, path, options);
  const post = (path: string, a: Actor, body: Record<string, unknown>) =>
    call('POST', path, { token: a.token, body: { shopId: a.shopId, ...body } });
  const get = (path: string, a: Actor, params: Params = {}) =>
    call('GET', `${path}?${query({ shopId: a.shopId, ...params })}`, { token: a.token });
  return {
    tills: (a: Actor) => get('/api/pos/tills', a),
    createTill: (a: Actor, name: string) => post('/api/pos/createTill', a, { name }),
    updateTill: (a: Actor, tillId: string, name: string, isActive = true) =>
      post('/api/pos/updateTill', a, { tillId, name, isActive }),
    sync: (a: Actor, tillId: string, ops: Array<Record<string, unknown>>) =>
      post('/api/pos/sync', a, { tillId, ops }),
    catalogue: (a: Actor, params: Params = {}) => get('/api/pos/catalogue', a, params),
    clients: (a: Actor, params: Params = {}) => get('/api/pos/clients', a, params),
    sessions: (a: Actor, params: Params = {}) => get('/api/pos/sessions', a, params),
    zReport: (a: Actor, sessionId: string) => get('/api/pos/zReport', a, { sessionId }),
    approvers: (a: Actor) => get('/api/pos/approvers', a),
    setPin: (a: Actor, pin: string) => post('/api/pos/setPin', a, { pin }),
    conflicts: (a: Actor, status?: string) => get('/api/pos/conflicts', a, { status }),
    resolveConflict: (a: Actor, conflictId: string, resolution: string) =>
      post('/api/pos/resolveConflict', a, { conflictId, resolution }),
    sendReceipt: (a: Actor, orderId: string, phone?: string) =>
      post('/api/pos/sendReceipt', a, { orderId, phone }),
  };
}

const now = () => new Date().toISOString();

/** Ops as a tablet writes them: ids made there, the time it happened. */
export const ops = {
  open: (tillId: string, openingFloat = 10_000, sessionId = randomUUID()) => ({
    id: randomUUID(),
    at: now(),
    type: 'open_session',
    tillId,
    sessionId,
    openingFloat,
  }),
  cash: (sessionId: string, kind: 'in' | 'out', amount: number, reason = 'Monnaie') => ({
    id: randomUUID(),
    at: now(),
    type: 'cash_movement',
    sessionId,
    kind,
    amount,
    reason,
  }),
  client: (name: string, phone?: string) => ({
    id: randomUUID(),
    at: now(),
    type: 'client',
    client: { name, ...(phone ? { phone } : {}) },
  }),
  sale: (
    sessionId: string,
    lines: Array<{ variantId: string; quantity: number; unitPrice: number }>,
    extra = {},
  ) => ({
    id: randomUUID(),
    at: now(),
    type: 'sale',
    sessionId,
    lines,
    payments: [{ method: 'cash', amount: lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0) }],
    ...extra,
  }),
  refund: (sessionId: string, extra: Record<string, unknown>) => ({
    id: randomUUID(),
    at: now(),
    type: 'refund',
    sessionId,
    method: 'cash',
    ...extra,
  }),
  close: (sessionId: string, denominations: Record<string, number>, extra = {}) => ({
    id: randomUUID(),
    at: now(),
    type: 'close_session',
    sessionId,
    denominations,
    ...extra,
  }),
};

/** The first till of the shop (« Caisse 1 » made on first look). */
export async function firstTill(bed: ApiTestbed, a: Actor): Promise<string> {
  const answer = await posCalls(bed).tills(a);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items[0].id as string;
}

/** Syncs and expects every op applied; answers the results. */
export async function syncOk(
  bed: ApiTestbed,
  a: Actor,
  tillId: string,
  list: Array<Record<string, unknown>>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any[]> {
  const answer = await posCalls(bed).sync(a, tillId, list);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  for (const r of answer.body.results) expect(r.status, JSON.stringify(r)).toBe('applied');
  return answer.body.results;
}
