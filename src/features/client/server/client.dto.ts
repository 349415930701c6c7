import { z } from '@/shared/validation';
import type { ClientRow } from './clients';

export const ZClient = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  addresses: z.array(
    z.object({ quartier: z.string(), commune: z.string(), ville: z.string(), indications: z.string() }),
  ),
  createdAt: z.string(),
});
export type TClient = z.infer<typeof ZClient>;

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
