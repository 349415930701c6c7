import { ZCustomer, type TCustomer } from '../customer.schemas';

export { ZCustomer };
import type { CustomerRow } from './customers';

export function toCustomerDto(row: CustomerRow): TCustomer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    addresses: row.addresses,
    createdAt: row.createdAt.toISOString(),
  };
}
