/**
 * Tells a barcode scanner from a person: a scanner in keyboard mode types the whole code in a
 * burst (a few milliseconds between keys) and ends it with Enter; people are far slower. The burst
 * is judged as a whole, by its keys' own time stamps: on a busy tablet a few keys arrive late
 * (one stall of 200 ms among thirteen keys), and the scan must still be one scan, never lost.
 */
export interface ScanDetectorOptions {
  /** Longest mean pause between the keys of one scan (Enter included). */
  maxGapMs: number;
  /** A pause this long starts a new code: what was typed before is dropped. */
  pauseMs: number;
  /** Shortest code taken for a scan (shorter bursts are keys pressed together). */
  minLength: number;
}

/*
 * A scanner's burst averages a few ms a key; stalled once or twice by a busy tablet or its
 * Bluetooth link, it still averages well under 80 ms (the e2e till-scans.spec.ts measures such
 * bursts at 20–30 ms). A person typing fast on a hardware keyboard stays above 100 ms a key.
 */
export const DEFAULT_SCAN_OPTIONS: ScanDetectorOptions = { maxGapMs: 80, pauseMs: 400, minLength: 4 };

export class ScanDetector {
  private buffer = '';
  private firstAt = 0;
  private lastAt = 0;

  constructor(
    private readonly onScan: (code: string) => void,
    private readonly options: ScanDetectorOptions = DEFAULT_SCAN_OPTIONS,
  ) {}

  /** Feeds one key; true when it was the Enter closing a scan (the caller then swallows it). */
  handleKey(key: string, at: number): boolean {
    const isPause = at - this.lastAt > this.options.pauseMs;
    if (key === 'Enter') {
      const code = this.buffer;
      this.buffer = '';
      // From the first key to Enter: as many pauses as characters.
      const meanGap = (at - this.firstAt) / Math.max(1, code.length);
      if (code.length >= this.options.minLength && !isPause && meanGap <= this.options.maxGapMs) {
        this.onScan(code);
        return true;
      }
      return false;
    }
    // Shift and other modifiers come between the characters of upper-case codes.
    if (key.length !== 1) return false;
    if (isPause || this.buffer === '') {
      this.buffer = '';
      this.firstAt = at;
    }
    this.buffer += key;
    this.lastAt = at;
    return false;
  }

  reset(): void {
    this.buffer = '';
  }
}
