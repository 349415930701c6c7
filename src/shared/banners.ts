import type { Limit, PlanQuotas } from './plans';
import { dayKey } from './dates';

/**
 * SPEC §4 and §9: which subscription and quota banners a shop shows. One rule set, pure, so the
 * boundaries (79 %, 80 %, 100 %, infinity, 10 days, trial edge) are unit-tested.
 */
export type BannerKind =
  | 'payment_success'
  | 'payment_error'
  | 'expired'
  | 'free_trial'
  | 'expiry_soon'
  | 'quota_sms'
  | 'quota_agents'
  | 'quota_products'
  | 'quota_orders';

export interface Banner {
  kind: BannerKind;
  status: 'success' | 'error' | 'warning';
  message: string;
  link?: { href: string; label: string };
}

export type BannerPalette = 'green' | 'red' | 'yellow' | 'orange';

/**
 * The banner's colour: SPEC §4 names green for a payment made, red for a failure or an expired
 * plan, yellow for the trial and the coming expiry; quota warnings keep the warning's orange.
 */
export function bannerPalette(banner: Pick<Banner, 'kind' | 'status'>): BannerPalette {
  if (banner.status === 'success') return 'green';
  if (banner.status === 'error') return 'red';
  return banner.kind === 'free_trial' || banner.kind === 'expiry_soon' ? 'yellow' : 'orange';
}

export type QuotaPage = 'home' | 'sms' | 'agents' | 'products' | 'orders';

export interface BannerInput {
  now: Date;
  subscriptionPlan: string;
  shopExpiresAt: Date | null;
  freeTrialExpiresAt: Date | null;
  planQuotas: PlanQuotas;
  /** The `message` query parameter (payment_success, payment_error…). */
  message?: string | null;
  page?: QuotaPage | null;
  /** The shop's: days are counted as its calendar turns (Africa/Dakar when not given). */
  timeZone?: string;
}

export const SUBSCRIPTION_PATH = '/parametres/abonnement';
export const EXPIRY_WARNING_DAYS = 10;
export const QUOTA_WARNING_RATIO = 0.8;

const DAY = 86_400_000;

/** « 3 jours », else « 5 heures », « 12 minutes » or « 40 secondes » (SPEC §4). */
export function remainingTime(ms: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
  if (ms >= DAY) return plural(Math.floor(ms / DAY), 'jour');
  if (ms >= 3_600_000) return plural(Math.floor(ms / 3_600_000), 'heure');
  if (ms >= 60_000) return plural(Math.floor(ms / 60_000), 'minute');
  return plural(Math.max(0, Math.floor(ms / 1000)), 'seconde');
}

/** Calendar days from `now` to `end` as a person counts them in `timeZone`: 0 on the last day. */
export function calendarDaysUntil(now: Date, end: Date, timeZone?: string): number {
  const day = (date: Date) => Date.parse(`${dayKey(date, timeZone)}T00:00:00Z`);
  return Math.round((day(end) - day(now)) / DAY);
}

/**
 * « dans 14 jours » on a 14-day trial's first day, « demain » on the day before its end, and on its
 * last day « aujourd’hui », with the hours, minutes or seconds left (SPEC §4).
 */
export function endsIn(now: Date, end: Date, timeZone?: string): string {
  const days = calendarDaysUntil(now, end, timeZone);
  if (days >= 2) return `dans ${days} jours`;
  if (days === 1) return 'demain';
  return `aujourd’hui, dans ${remainingTime(end.getTime() - now.getTime())}`;
}

/**
 * How often the banners must be drawn again for their words to stay true: each second from two
 * days before a deadline (its last day is counted to the second), else each minute, enough for the
 * day to turn. A phone left open is not woken each second for words that change once a day.
 */
export function bannerTickMs(
  now: Date,
  deadlines: { freeTrialExpiresAt: Date | null; shopExpiresAt: Date | null },
): number {
  const isNear = [deadlines.freeTrialExpiresAt, deadlines.shopExpiresAt].some(
    (end) => !!end && end.getTime() - now.getTime() < 2 * DAY && end.getTime() > now.getTime() - 60_000,
  );
  return isNear ? 1000 : 60_000;
}

/** 80 % or more of a finite, non-zero limit. */
export function isNearLimit(current: number, max: Limit): boolean {
  if (max === 'infinity' || max <= 0) return false;
  return current / max >= QUOTA_WARNING_RATIO;
}

const QUOTAS: Array<{
  kind: BannerKind;
  pages: QuotaPage[];
  label: string;
  current: keyof PlanQuotas;
  max: keyof PlanQuotas;
}> = [
  { kind: 'quota_sms', pages: ['home', 'sms'], label: 'SMS', current: 'currentSmsQuota', max: 'maxSmsQuota' },
  {
    kind: 'quota_agents',
    pages: ['home', 'agents'],
    label: 'agents',
    current: 'currentNumberOfAuthorizedAgents',
    max: 'maxNumberOfAuthorizedAgents',
  },
  {
    kind: 'quota_products',
    pages: ['home', 'products'],
    label: 'produits',
    current: 'currentNumberOfAuthorizedProducts',
    max: 'maxNumberOfAuthorizedProducts',
  },
  {
    kind: 'quota_orders',
    pages: ['home', 'orders'],
    label: 'commandes ce mois-ci',
    current: 'currentNumberOfOrders',
    max: 'maxNumberOfOrders',
  },
];

export function computeBanners(input: BannerInput): Banner[] {
  const banners: Banner[] = [];
  const now = input.now.getTime();
  const shopExpired = !input.shopExpiresAt || input.shopExpiresAt.getTime() <= now;
  const trialActive = !!input.freeTrialExpiresAt && input.freeTrialExpiresAt.getTime() > now;

  if (input.message === 'payment_success') {
    banners.push({
      kind: 'payment_success',
      status: 'success',
      message: 'Votre paiement a bien été effectué.',
    });
  } else if (input.message === 'payment_error') {
    banners.push({
      kind: 'payment_error',
      status: 'error',
      message: 'Echec de votre paiement.',
      link: { href: SUBSCRIPTION_PATH, label: 'Réessayer' },
    });
  }

  if (trialActive && shopExpired) {
    banners.push({
      kind: 'free_trial',
      status: 'warning',
      message: `Votre essai gratuit se termine ${endsIn(input.now, input.freeTrialExpiresAt!, input.timeZone)}.`,
      link: { href: SUBSCRIPTION_PATH, label: 'Choisir une offre' },
    });
  } else if (input.subscriptionPlan !== 'free' && shopExpired && !trialActive) {
    banners.push({
      kind: 'expired',
      status: 'error',
      message: 'Votre abonnement a expiré : votre boutique est revenue aux limites de l’offre gratuite.',
      link: { href: SUBSCRIPTION_PATH, label: 'Se réabonner' },
    });
  } else if (
    input.shopExpiresAt &&
    !shopExpired &&
    input.shopExpiresAt.getTime() - now <= EXPIRY_WARNING_DAYS * DAY
  ) {
    banners.push({
      kind: 'expiry_soon',
      status: 'warning',
      message: `Votre abonnement expire ${endsIn(input.now, input.shopExpiresAt, input.timeZone)}.`,
      link: { href: SUBSCRIPTION_PATH, label: 'Renouveler' },
    });
  }

  if (input.page) {
    for (const quota of QUOTAS) {
      if (!quota.pages.includes(input.page)) continue;
      const current = input.planQuotas[quota.current] as number;
      const max = input.planQuotas[quota.max] as Limit;
      if (!isNearLimit(current, max)) continue;
      banners.push({
        kind: quota.kind,
        status: 'warning',
        message: `Vous avez utilisé ${current} ${quota.label} sur ${max} autorisés par votre offre.`,
        link: { href: SUBSCRIPTION_PATH, label: 'Mettre à niveau' },
      });
    }
  }
  return banners;
}
