import { z } from '@/shared/validation';

/*
 * « Vérifier le domaine » (Site web): the DNS records a shop adds at its registrar for its own
 * domain, and what DNS answers for it now. Shared by the route and the browser (types only there).
 */

export const DOMAIN_CHECK_STATUSES = ['ok', 'wrong_target', 'not_found', 'unreachable'] as const;

export const ZDomainRecord = z.object({
  type: z.enum(['CNAME', 'A']),
  /** Relative to the registered domain, as registrars ask it: « www », or « @ » for the domain itself. */
  name: z.string(),
  value: z.string(),
});
export type TDomainRecord = z.infer<typeof ZDomainRecord>;

export const ZDomainCheck = z.object({
  status: z.enum(DOMAIN_CHECK_STATUSES),
  /** What to add (empty for a bare domain when the server has no public IPv4 to give). */
  records: z.array(ZDomainRecord),
  /** What DNS answers now: the CNAME's target and/or the IPv4 addresses. */
  found: z.array(z.string()),
  /** A French sentence for the seller. */
  message: z.string(),
});
export type TDomainCheck = z.infer<typeof ZDomainCheck>;
