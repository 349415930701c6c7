/**
 * Tells a barcode scanner from a person: a scanner in keyboard mode types the whole code in a
 * burst (a few milliseconds between keys) and ends it with Enter; people are far slower.
 */
export interface ScanDetectorOptions {
  /** Longest pause between two keys of one scan. */
  maxGapMs: number;
  /** Shortest code taken for a scan (shorter bursts are keys pressed together). */
  minLength: number;
}

export const DEFAULT_SCAN_OPTIONS: ScanDetectorOptions = { maxGapMs: 60, minLength: 4 };

export class ScanDetector {
  private buffer = '';
  private lastAt = 0;

  constructor(
    private readonly onScan: (code: string) => void,
    private readonly options: ScanDetectorOptions = DEFAULT_SCAN_OPTIONS,
  ) {}

  /** Feeds one key; true when it was the Enter closing a scan (the caller then swallows it). */
  handleKey(key: string, at: number): boolean {
    const isLate = at - this.lastAt > this.options.maxGapMs;
    if (key === 'Enter') {
      const code = this.buffer;
      this.buffer = '';
      if (code.length >= this.options.minLength && !isLate) {
        this.onScan(code);
        return true;
      }
      return false;
    }
    // Shift and other modifiers come between the characters of upper-case codes.
    if (key.length !== 1) return false;
    if (isLate) this.buffer = '';
    this.buffer += key;
    this.lastAt = at;
    return false;
  }

  reset(): void {
    this.buffer = '';
  }
}
