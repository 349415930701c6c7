import type { PosOp } from '../../pos.schemas';
import { commitOp } from './outbox';
import { entryOf, newOpId, now, type TillActor } from './till-ops';
import type { StoredClient } from './types';

/* A client made at the till: written from the client dialog (loaded lazily). */

export async function createClient(actor: TillActor, name: string, phone: string): Promise<StoredClient> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'client',
    client: { name: name.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}), addresses: [] },
  };
  const client: StoredClient = {
    key: `${actor.shopId}:${op.id}`,
    shopId: actor.shopId,
    id: null,
    opId: op.id,
    name: name.trim(),
    phone: phone.trim() || null,
  };
  await commitOp({ entry: entryOf(actor, op, `Nouveau client : ${client.name}`), client });
  return client;
}
