import { localTicketLabel } from '@/shared/local-reference';
import type { LocalSale } from '../offline/types';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * SPEC §9's « DD-MM-YYYY, HH:mm » in the shop's time zone (as src/shared/dates.ts writes it),
 * with Intl rather than dayjs and its time-zone plugins, which the till's first load can spare.
 */
export function formatTillDate(value: string | Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter
      .formatToParts(typeof value === 'string' ? new Date(value) : value)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** The shop's calendar day of a moment, « 2026-11-21 », to group sales by day. */
export function dayKey(value: string, timeZone: string): string {
  const [date] = formatTillDate(value, timeZone).split(',');
  const [d, m, y] = date!.split('-');
  return `${y}-${m}-${d}`;
}

/** « Ticket local n° KQFT-2 » (« n° 2 » for a sale made before tablets had a series). */
export function localLabelOf(sale: Pick<LocalSale, 'localReference' | 'ticketNumber'>): string {
  return localTicketLabel(sale.localReference ?? String(sale.ticketNumber));
}
