import { and, type SQL } from 'drizzle-orm';

/** Rows read per query: enough to keep the round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000;

/** UTC offsets change on quarter-hour instants (zones are whole quarter hours off UTC). */
const QUARTER_HOUR_MS = 900_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * formatDateTime (DD-MM-YYYY, HH:mm in the shop's time zone) for many dates: the zone's offset
 * found once per quarter hour (Intl, the same time-zone database), then the date written from
 * the shifted instant's fields. A dayjs conversion per row cost ~80 µs and a heap of short-lived
 * objects (half the export's time, and hundreds of MB the collector let pile up on 100 000 rows);
 * Intl's formatToParts per row still made a dozen objects each.
 */
export function dateTimeFormatter(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (time: number): number => {
    const quarter = Math.floor(time / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER_HOUR_MS;
      const field: Record<string, number> = {};
      for (const part of format.formatToParts(new Date(at))) field[part.type] = Number(part.value);
      offset =
        Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!) - at;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (date) => {
    const local = new Date(date.getTime() + offsetAt(date.getTime()));
    const year = String(local.getUTCFullYear()).padStart(4, '0');
    return `${pad2(local.getUTCDate())}-${pad2(local.getUTCMonth() + 1)}-${year}, ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
  };
}

/**
 * Rows read EXPORT_BATCH at a time on the list's keyset (newest first): `read(after)` asks for the
 * next batch after the order of id `after`. 100 000 orders go through without ever being held together.
 */
export async function* keysetBatches<T>(
  read: (after: string | null) => Promise<T[]>,
  idOf: (row: T) => string,
): AsyncGenerator<T[]> {
  for (let after: string | null = null; ;) {
    const batch = await read(after);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = idOf(batch[batch.length - 1]!);
  }
}

/** The list's conditions, past the keyset's last order (`newestFirst`'s `after`). */
export function afterLast(
  conditions: SQL[],
  after: string | null,
  past: (id: string) => SQL,
): SQL | undefined {
  return and(...conditions, after ? past(after) : undefined);
}
