import dayjs from 'dayjs';
import 'dayjs/locale/fr.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('fr');

export const DEFAULT_TIME_ZONE = 'Africa/Dakar';

/** SPEC §9: DD-MM-YYYY, HH:mm, in the shop's time zone. */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayjs(value).tz(timeZone).format('DD-MM-YYYY, HH:mm');
}

export { dayjs };
