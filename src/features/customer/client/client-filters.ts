import { CLIENT_SORTS, type ClientSort } from '../customer.constants';

/**
 * The « Clients » list's filter, as the screen holds it and as the address bar keeps it (so that
 * coming back from a client's page finds the list as it was). Every value is the text the API's
 * query takes (`ZClientListQuery`); an empty filter is left out.
 */
export interface ClientFilters {
  search?: string;
  tag?: string;
  commune?: string;
  firstChannel?: string;
  hasBalance?: 'true';
  lastOrderFrom?: string;
  lastOrderTo?: string;
  spentMin?: string;
  spentMax?: string;
  consent?: 'sms' | 'whatsapp';
  sort?: ClientSort;
}

export const CLIENT_FILTER_KEYS = [
  'search',
  'tag',
  'commune',
  'firstChannel',
  'hasBalance',
  'lastOrderFrom',
  'lastOrderTo',
  'spentMin',
  'spentMax',
  'consent',
  'sort',
] as const satisfies ReadonlyArray<keyof ClientFilters>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d+$/;

/** Reads the filter from the address bar's query; anything malformed is dropped, not sent. */
export function filtersFromQuery(query: Record<string, string | string[] | undefined>): ClientFilters {
  const text = (key: string, max: number) => {
    const raw = query[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    return value ? value.slice(0, max) : undefined;
  };
  const filters: ClientFilters = {};
  const search = text('search', 100);
  if (search) filters.search = search;
  const tag = text('tag', 40);
  if (tag) filters.tag = tag;
  const commune = text('commune', 120);
  if (commune) filters.commune = commune;
  const firstChannel = text('firstChannel', 20);
  if (firstChannel) filters.firstChannel = firstChannel;
  if (text('hasBalance', 5) === 'true') filters.hasBalance = 'true';
  for (const key of ['lastOrderFrom', 'lastOrderTo'] as const) {
    const day = text(key, 10);
    if (day && DAY.test(day)) filters[key] = day;
  }
  for (const key of ['spentMin', 'spentMax'] as const) {
    const amount = text(key, 15);
    if (amount && WHOLE.test(amount)) filters[key] = amount;
  }
  const consent = text('consent', 10);
  if (consent === 'sms' || consent === 'whatsapp') filters.consent = consent;
  const sort = text('sort', 20);
  if (sort && (CLIENT_SORTS as readonly string[]).includes(sort) && sort !== 'lastOrder')
    filters.sort = sort as ClientSort;
  return filters;
}

/** The filter as query-string values (the address bar's and the API's), empty ones left out. */
export function filtersToQuery(filters: ClientFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of CLIENT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** GET /api/client/list, /count and /exportCsv take the same filter. */
export function clientListParams(shopId: string, filters: ClientFilters): Record<string, string> {
  return { shopId, ...filtersToQuery(filters) };
}

/** The filters set besides the search and the sort (the phone's « Filtres » button counts them). */
export function activeFilterCount(filters: ClientFilters): number {
  const { search: _search, sort: _sort, ...rest } = filtersToQuery(filters);
  return Object.keys(rest).length;
}

/**
 * The list's filter as last shown in this tab, for a client page's « Clients » link to go back to
 * the list as it was (the address bar holds it too, for a reload or a shared link).
 */
let lastListQuery: Record<string, string> = {};

export function listShown(filters: ClientFilters): void {
  lastListQuery = filtersToQuery(filters);
}

export function listHref(shopId: string): string {
  const params = new URLSearchParams({ shopId, ...lastListQuery });
  return `/mes-clients?${params.toString()}`;
}
