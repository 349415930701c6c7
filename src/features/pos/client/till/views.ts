/** The till's screens, one page (so the whole till is one cached document offline). */
export const TILL_VIEWS = ['caisse', 'ventes', 'session', 'envois', 'conflits'] as const;
export type TillView = (typeof TILL_VIEWS)[number];

export const TILL_VIEW_LABELS: Record<TillView, string> = {
  caisse: 'Vendre',
  ventes: 'Ventes',
  session: 'Session',
  envois: 'Envois',
  conflits: 'Conflits',
};

export function parseView(value: unknown): TillView {
  return typeof value === 'string' && (TILL_VIEWS as readonly string[]).includes(value)
    ? (value as TillView)
    : 'caisse';
}
