import dayjs from 'dayjs';
import 'dayjs/locale/fr.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

/*
 * dayjs with its time-zone plugins and French, for the code that counts with dates (periods,
 * days added, starts of months). Writing a date is `formatDateTime` (./dates.ts), on Intl: the
 * pages that only show dates do not load dayjs.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('fr');

export { dayjs };
