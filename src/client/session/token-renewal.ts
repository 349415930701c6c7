/**
 * When to renew an API token (SPEC §9, the identity platform's own rule, which ours follows): 5
 * minutes before it expires; after a failed try, again in 30 s, then 1, 2, 4, 8 and at most 16
 * minutes. The back office (AccessTokenSync) and the till (pos-http) both renew on this schedule.
 */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 16 * 60_000;

/** How long to wait before the next try, for a token expiring at `expiresAtMs`, after `failures` failed tries. */
export function renewalDelay(expiresAtMs: number, nowMs: number, failures: number): number {
  if (failures > 0) return Math.min(FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30), MAX_RETRY_MS);
  return Math.max(0, expiresAtMs - RENEW_BEFORE_EXPIRY_MS - nowMs);
}

/** Tries to renew: true when a fresh token is in place, false when the try failed (network, server). */
export type Renew = () => Promise<boolean>;

/**
 * Keeps one timer for the current token. `schedule` with each new token's expiry (a fresh token
 * resets the back-off); `stop` when signed out.
 */
export class RenewalTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private expiresAtMs = 0;
  private isActive = false;

  constructor(
    private readonly renew: Renew,
    private readonly now: () => number = Date.now,
  ) {}

  schedule(expiresAtMs: number): void {
    this.failures = 0;
    this.expiresAtMs = expiresAtMs;
    this.isActive = true;
    this.arm();
  }

  stop(): void {
    this.isActive = false;
    this.clear();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.clear();
    this.timer = setTimeout(
      () => void this.fire(),
      renewalDelay(this.expiresAtMs, this.now(), this.failures),
    );
  }

  private async fire(): Promise<void> {
    this.timer = null;
    const renewed = await this.renew().catch(() => false);
    if (!this.isActive) return; // signed out meanwhile
    // A success schedules the fresh token through `schedule` (its owner sees the new expiry); a
    // success that brought no new expiry, or a failure, tries again after the back-off.
    if (renewed && this.timer) return;
    this.failures += 1;
    this.arm();
  }
}
