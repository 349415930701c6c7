import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '@/client/after-paint';

// Node has no animation frames: these stand in for the browser's, run when the test says a frame
// is drawn.
let frames: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function drawFrame() {
  const due = frames;
  frames = [];
  for (const callback of due) callback();
}

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not before it', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(500);
    expect(work).not.toHaveBeenCalled();
    drawFrame();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    // The hidden page's fallback does not run it a second time.
    vi.advanceTimersByTime(5_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it anyway on a page that draws no frame (hidden), once', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(1_999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    drawFrame();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    drawFrame();
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
