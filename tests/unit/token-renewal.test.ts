import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  RENEW_BEFORE_EXPIRY_MS,
  RenewalTimer,
  renewalDelay,
} from '@/client/session/token-renewal';

describe('renewalDelay (SPEC §9)', () => {
  it('waits until 5 minutes before expiry, never less than nothing', () => {
    const now = 1_000_000;
    expect(renewalDelay(now + 60 * 60_000, now, 0)).toBe(55 * 60_000);
    expect(renewalDelay(now + 4 * 60_000, now, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (left) => {
        const delay = renewalDelay(now + left, now, 0);
        expect(delay).toBe(Math.max(0, left - RENEW_BEFORE_EXPIRY_MS));
      }),
    );
  });

  it('backs off from 30 s, doubling, up to 16 minutes', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((failures) => renewalDelay(0, 0, failures) / 1000);
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 960, 960]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (failures) => {
        const delay = renewalDelay(Date.now() + 3_600_000, Date.now(), failures);
        expect(delay).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
        expect(delay).toBeLessThanOrEqual(MAX_RETRY_MS);
        expect(renewalDelay(0, 0, failures + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });
});

describe('RenewalTimer', () => {
  afterEach(() => vi.useRealTimers());

  it('renews 5 minutes before expiry, retries on the back-off while it fails, and starts over with a fresh token', async () => {
    vi.useFakeTimers({ now: 0 });
    const tries: number[] = [];
    let failing = true;
    const timer: RenewalTimer = new RenewalTimer(async () => {
      tries.push(Date.now());
      if (failing) return false;
      timer.schedule(Date.now() + 3_600_000);
      return true;
    });
    timer.schedule(3_600_000); // a token good for one hour

    await vi.advanceTimersByTimeAsync(55 * 60_000 - 1);
    expect(tries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toEqual([55 * 60_000]);
    // Failing: 30 s, then 60 s, then 120 s later.
    await vi.advanceTimersByTimeAsync(30_000 + 60_000 + 120_000);
    expect(tries.map((t) => (t - 55 * 60_000) / 1000)).toEqual([0, 30, 90, 210]);

    failing = false;
    await vi.advanceTimersByTimeAsync(240_000);
    expect(tries).toHaveLength(5);
    // The fresh token (one hour from the success) is renewed 55 minutes later, the back-off forgotten.
    const success = tries[4]!;
    await vi.advanceTimersByTimeAsync(55 * 60_000);
    expect(tries).toEqual([...tries.slice(0, 5), success + 55 * 60_000]);
    timer.stop();
  });

  it('stops for good when signed out, even during a try', async () => {
    vi.useFakeTimers({ now: 0 });
    let count = 0;
    const timer: RenewalTimer = new RenewalTimer(async () => {
      count += 1;
      timer.stop(); // the server said: signed out
      return false;
    });
    timer.schedule(RENEW_BEFORE_EXPIRY_MS);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(count).toBe(1);
  });
});
