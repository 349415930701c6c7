import { ZClient, type TClient } from '../client.schemas';

export { ZClient };
import type { ClientRow } from './clients';

export function toClientDto(row: ClientRow): TClient {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    addresses: row.addresses,
    createdAt: row.createdAt.toISOString(),
  };
}
