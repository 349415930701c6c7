import { describe, expect, it } from 'vitest';
import {
  bannerPalette,
  bannerTickMs,
  calendarDaysUntil,
  computeBanners,
  isNearLimit,
  remainingTime,
  type BannerInput,
} from '@/shared/banners';

const now = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(now.getTime() + ms);
const quotas = {
  maxSmsQuota: 100,
  currentSmsQuota: 0,
  maxNumberOfAuthorizedAgents: 10,
  currentNumberOfAuthorizedAgents: 1,
  maxNumberOfAuthorizedProducts: 100,
  currentNumberOfAuthorizedProducts: 0,
  maxNumberOfOrders: 100 as number | 'infinity',
  currentNumberOfOrders: 0,
};
const base: BannerInput = {
  now,
  subscriptionPlan: 'starter',
  shopExpiresAt: at(60 * DAY),
  freeTrialExpiresAt: null,
  planQuotas: quotas,
};
const kinds = (input: Partial<BannerInput>) => computeBanners({ ...base, ...input }).map((b) => b.kind);

describe('quota banners (80 % rule)', () => {
  it('warns at 80 % and 100 %, not at 79 %', () => {
    expect(isNearLimit(79, 100)).toBe(false);
    expect(isNearLimit(80, 100)).toBe(true);
    expect(isNearLimit(100, 100)).toBe(true);
    expect(isNearLimit(4, 5)).toBe(true);
  });
  it('never warns for an infinite or a zero limit', () => {
    expect(isNearLimit(1_000_000, 'infinity')).toBe(false);
    expect(isNearLimit(0, 0)).toBe(false);
  });
  it('shows each quota on home and on its own page only, with « Mettre à niveau »', () => {
    const full = {
      ...quotas,
      currentSmsQuota: 80,
      currentNumberOfAuthorizedAgents: 8,
      currentNumberOfAuthorizedProducts: 80,
      currentNumberOfOrders: 80,
    };
    expect(kinds({ planQuotas: full, page: 'home' })).toEqual([
      'quota_sms',
      'quota_agents',
      'quota_products',
      'quota_orders',
    ]);
    expect(kinds({ planQuotas: full, page: 'products' })).toEqual(['quota_products']);
    expect(kinds({ planQuotas: full, page: 'sms' })).toEqual(['quota_sms']);
    expect(kinds({ planQuotas: full, page: null })).toEqual([]);
    const [banner] = computeBanners({ ...base, planQuotas: full, page: 'orders' });
    expect(banner!.link).toEqual({ href: '/parametres/abonnement', label: 'Mettre à niveau' });
  });
  it('skips the orders banner when the order limit is infinity', () => {
    expect(
      kinds({
        planQuotas: { ...quotas, maxNumberOfOrders: 'infinity', currentNumberOfOrders: 5000 },
        page: 'orders',
      }),
    ).toEqual([]);
  });
});

describe('subscription banners', () => {
  it('warns within 10 days of expiry, not before', () => {
    expect(kinds({ shopExpiresAt: at(10 * DAY) })).toEqual(['expiry_soon']);
    expect(kinds({ shopExpiresAt: at(10 * DAY + 1000) })).toEqual([]);
    expect(computeBanners({ ...base, shopExpiresAt: at(3 * DAY + 5000) })[0]!.message).toBe(
      'Votre abonnement expire dans 3 jours.',
    );
  });
  it('shows the trial while it runs and the shop expiry has passed, counting down in days then hours, minutes, seconds', () => {
    expect(kinds({ subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: at(1000) })).toEqual([
      'free_trial',
    ]);
    expect(kinds({ subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: now })).toEqual([]);
    expect(
      kinds({ subscriptionPlan: 'starter', shopExpiresAt: at(20 * DAY), freeTrialExpiresAt: at(DAY) }),
    ).toEqual([]);
    expect(remainingTime(2 * DAY + 5)).toBe('2 jours');
    expect(remainingTime(DAY - 1)).toBe('23 heures');
    expect(remainingTime(3_600_000)).toBe('1 heure');
    expect(remainingTime(59 * 60_000)).toBe('59 minutes');
    expect(remainingTime(59_999)).toBe('59 secondes');
    expect(remainingTime(1000)).toBe('1 seconde');
  });
  it('counts the trial’s days as a person does: 14 on the first day of a 14-day trial, then demain, aujourd’hui', () => {
    const trialMessage = (end: Date, input: Partial<BannerInput> = {}) =>
      computeBanners({
        ...base,
        subscriptionPlan: 'free',
        shopExpiresAt: null,
        freeTrialExpiresAt: end,
        ...input,
      })[0]!.message;
    // Signed up now (12:00 in Dakar): the trial ends in 14 × 24 h.
    expect(trialMessage(at(14 * DAY))).toBe('Votre essai gratuit se termine dans 14 jours.');
    // An hour later, the same calendar day: still 14 (13 days and 23 hours read « 13 jours » before).
    expect(trialMessage(at(14 * DAY - 3_600_000))).toBe('Votre essai gratuit se termine dans 14 jours.');
    expect(trialMessage(at(2 * DAY))).toBe('Votre essai gratuit se termine dans 2 jours.');
    // 20 hours left, past midnight: tomorrow.
    expect(trialMessage(at(20 * 3_600_000))).toBe('Votre essai gratuit se termine demain.');
    // The last day: today, with the time left.
    expect(trialMessage(at(5 * 3_600_000))).toBe(
      'Votre essai gratuit se termine aujourd’hui, dans 5 heures.',
    );
    expect(trialMessage(at(90_000))).toBe('Votre essai gratuit se termine aujourd’hui, dans 1 minute.');
  });
  it('counts the days in the shop’s time zone', () => {
    // 22:30 in Dakar is 01:30 the next day in Nairobi (UTC+3).
    const late = new Date('2026-11-21T22:30:00Z');
    const end = new Date('2026-11-23T01:00:00Z');
    expect(calendarDaysUntil(late, end, 'Africa/Dakar')).toBe(2);
    expect(calendarDaysUntil(late, end, 'Africa/Nairobi')).toBe(1);
    expect(calendarDaysUntil(late, end)).toBe(2);
    const trial = { now: late, subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: end };
    expect(computeBanners({ ...base, ...trial, timeZone: 'Africa/Nairobi' })[0]!.message).toBe(
      'Votre essai gratuit se termine demain.',
    );
    expect(computeBanners({ ...base, ...trial, timeZone: 'Africa/Dakar' })[0]!.message).toBe(
      'Votre essai gratuit se termine dans 2 jours.',
    );
  });
  it('says the paid period’s end the same way', () => {
    expect(computeBanners({ ...base, shopExpiresAt: at(20 * 3_600_000) })[0]!.message).toBe(
      'Votre abonnement expire demain.',
    );
    expect(computeBanners({ ...base, shopExpiresAt: at(3 * 3_600_000) })[0]!.message).toBe(
      'Votre abonnement expire aujourd’hui, dans 3 heures.',
    );
  });
  it('shows the red expired banner with a re-subscribe link on a paid plan once both dates passed', () => {
    const [banner] = computeBanners({ ...base, shopExpiresAt: at(-DAY), freeTrialExpiresAt: at(-20 * DAY) });
    expect(banner).toMatchObject({
      kind: 'expired',
      status: 'error',
      link: { href: '/parametres/abonnement', label: 'Se réabonner' },
    });
    expect(kinds({ subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: at(-DAY) })).toEqual(
      [],
    );
  });
  it('shows the payment result from the query, with the spec texts', () => {
    expect(computeBanners({ ...base, message: 'payment_success' })[0]).toEqual({
      kind: 'payment_success',
      status: 'success',
      message: 'Votre paiement a bien été effectué.',
    });
    expect(computeBanners({ ...base, message: 'payment_error' })[0]).toMatchObject({
      status: 'error',
      message: 'Echec de votre paiement.',
      link: { href: '/parametres/abonnement' },
    });
    expect(kinds({ message: 'missing_agent_name' })).toEqual([]);
  });
  it('draws the trial and the coming expiry in yellow, payments green, failures red (SPEC §4)', () => {
    const paletteOf = (input: Partial<BannerInput>) =>
      computeBanners({ ...base, ...input }).map((b) => [b.kind, bannerPalette(b)]);
    expect(paletteOf({ shopExpiresAt: at(-DAY), freeTrialExpiresAt: at(3 * DAY) })).toEqual([
      ['free_trial', 'yellow'],
    ]);
    expect(paletteOf({ shopExpiresAt: at(5 * DAY) })).toEqual([['expiry_soon', 'yellow']]);
    expect(paletteOf({ shopExpiresAt: at(-DAY), freeTrialExpiresAt: at(-20 * DAY) })).toEqual([
      ['expired', 'red'],
    ]);
    expect(paletteOf({ message: 'payment_success' })).toEqual([['payment_success', 'green']]);
    expect(paletteOf({ message: 'payment_error' })).toEqual([['payment_error', 'red']]);
  });
});

describe('analytics profile (SPEC §1)', () => {
  it('identifies by phone with name, e-mail, role, shop id and shop name', async () => {
    const { analyticsProfile } = await import('@/client/analytics/analytics');
    expect(
      analyticsProfile({
        phone: '+221770000001',
        firstName: 'Awa',
        lastName: 'Diop',
        email: 'awa@x.sn',
        role: 'admin',
        shop: { _id: 's1', name: 'Boutique Awa' },
      }),
    ).toEqual({
      distinctId: '+221770000001',
      properties: {
        $name: 'Awa Diop',
        $email: 'awa@x.sn',
        $phone: '+221770000001',
        role: 'admin',
        shopId: 's1',
        shopName: 'Boutique Awa',
      },
    });
    expect(
      analyticsProfile({
        phone: '+221770000006',
        firstName: null,
        lastName: null,
        email: null,
        role: 'seller',
        shop: null,
      }).properties,
    ).toMatchObject({
      $name: '+221770000006',
      shopId: null,
    });
  });
});

describe('bannerTickMs: how often the banners are drawn again', () => {
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('each second from two days before a deadline to a minute after it, else each minute', () => {
    const tick = (trial: Date | null, paid: Date | null = null) =>
      bannerTickMs(now, { freeTrialExpiresAt: trial, shopExpiresAt: paid });
    expect(tick(at(14 * DAY))).toBe(60_000);
    expect(tick(at(2 * DAY + 1000))).toBe(60_000);
    expect(tick(at(2 * DAY - 1000))).toBe(1000);
    expect(tick(at(40_000))).toBe(1000);
    expect(tick(at(-30_000))).toBe(1000);
    expect(tick(at(-2 * 60_000))).toBe(60_000);
    expect(tick(null, at(DAY))).toBe(1000);
    expect(tick(null, null)).toBe(60_000);
  });
});
