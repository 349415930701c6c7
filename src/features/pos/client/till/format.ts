import { localTicketLabel } from '@/shared/local-reference';
import type { LocalSale } from '../offline/types';

/** « Ticket local n° KQFT-2 » (« n° 2 » for a sale made before tablets had a series). */
export function localLabelOf(sale: Pick<LocalSale, 'localReference' | 'ticketNumber'>): string {
  return localTicketLabel(sale.localReference ?? String(sale.ticketNumber));
}
