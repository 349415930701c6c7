/**
 * A fixed-window counter per key, in this server's memory: enough to stop a script hammering a
 * public form (the online shop's checkout) from one address. Windows are forgotten once over.
 */
export function createRateLimit(options: { max: number; windowMs: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one attempt; false when the key already used up its window. */
    take(key: string, now = Date.now()): boolean {
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (now - w.startedAt >= options.windowMs) windows.delete(k);
      const window = windows.get(key);
      if (!window || now - window.startedAt >= options.windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= options.max;
    },
  };
}
