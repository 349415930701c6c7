import { ZId, z } from '@/shared/validation';

export const ZAddress = z.object({
  quartier: z.string().trim().max(120).default(''),
  commune: z.string().trim().max(120).default(''),
  ville: z.string().trim().max(120).default(''),
  indications: z.string().trim().max(500).default(''),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZCustomerInput = z.object({
  name: z.string().trim().min(1).max(120),
  /** Any local or international form; stored E.164 in the shop's country. */
  phone: z.string().trim().max(30).optional(),
  email: z.email().max(200).optional().or(z.literal('')),
  addresses: z.array(ZAddress).max(10).default([]),
});
export type TCustomerInput = z.infer<typeof ZCustomerInput>;

export const ZSearchCustomersQuery = z.object({
  shopId: ZId,
  search: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const ZCreateCustomerBody = ZCustomerInput.extend({ shopId: ZId });

export const ZCustomer = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  addresses: z.array(
    z.object({ quartier: z.string(), commune: z.string(), ville: z.string(), indications: z.string() }),
  ),
  createdAt: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomer>;
