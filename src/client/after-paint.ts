/**
 * How long a page hidden from view (no frames drawn, so no animation frame) waits before the work
 * starts anyway.
 */
const HIDDEN_PAGE_MS = 2_000;

/**
 * Runs `then` once the screen just rendered has been painted: the next animation frame comes before
 * that paint, a task queued from it runs after it. For work the first screen does not need (a till's
 * sync, a view for later), so it does not delay that screen. Answers how to cancel.
 */
export function afterNextPaint(then: () => void): () => void {
  let hasRun = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (hasRun) return;
    hasRun = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    then();
  };
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, HIDDEN_PAGE_MS);
  return () => {
    hasRun = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  };
}
