import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePlan } from '@/shared/plans';
import { computePlanQuotas } from '@/features/subscription/server/plan-quotas';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createShopFixture } from '../helpers/fixtures';

const now = new Date('2026-11-21T12:00:00Z');
const day = 86_400_000;
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);

describe('effectivePlan', () => {
  it('uses the paid plan while its period runs', () => {
    expect(
      effectivePlan({ subscriptionPlan: 'starter', shopExpiresAt: at(3), freeTrialExpiresAt: at(-30) }, now),
    ).toBe('starter');
  });
  it('uses pro quotas during the trial', () => {
    expect(
      effectivePlan({ subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: at(0.001) }, now),
    ).toBe('pro');
  });
  it('falls back to free when the period and the trial have both passed, whatever the plan', () => {
    expect(
      effectivePlan(
        { subscriptionPlan: 'business', shopExpiresAt: at(-1), freeTrialExpiresAt: at(-20) },
        now,
      ),
    ).toBe('free');
    expect(
      effectivePlan({ subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: now }, now),
    ).toBe('free');
  });
  it('treats an unknown plan name as free', () => {
    expect(
      effectivePlan({ subscriptionPlan: 'gold', shopExpiresAt: at(10), freeTrialExpiresAt: null }, now),
    ).toBe('free');
  });
});

describe('computePlanQuotas', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(() => database.close());

  it('counts active agents from the data and applies the effective plan', async () => {
    const { shop } = await createShopFixture(database.db);
    const expired = {
      ...shop,
      subscriptionPlan: 'starter',
      shopExpiresAt: new Date(Date.now() - day),
      freeTrialExpiresAt: new Date(Date.now() - day),
    };
    expect(await computePlanQuotas(database.db, expired)).toEqual({
      maxSmsQuota: 0,
      currentSmsQuota: 0,
      maxNumberOfAuthorizedAgents: 1,
      currentNumberOfAuthorizedAgents: 5,
      maxNumberOfAuthorizedProducts: 50,
      currentNumberOfAuthorizedProducts: 0,
      maxNumberOfOrders: 100,
      currentNumberOfOrders: 0,
    });
    const paid = { ...expired, shopExpiresAt: new Date(Date.now() + day) };
    expect((await computePlanQuotas(database.db, paid)).maxNumberOfAuthorizedAgents).toBe(3);
  });
});
