import { describe, expect, it } from 'vitest';
import { ScanDetector } from '@/features/pos/client/scanner/scan-detector';

function type(detector: ScanDetector, keys: string[], gapMs: number, start = 1000): boolean[] {
  return keys.map((key, i) => detector.handleKey(key, start + i * gapMs));
}

describe('keyboard barcode scanner', () => {
  it('takes a fast burst ending in Enter for a scan', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    const handled = type(detector, [...'6001234567890', 'Enter'], 8);
    expect(codes).toEqual(['6001234567890']);
    expect(handled.at(-1)).toBe(true);
  });

  it('leaves a person typing alone', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    const handled = type(detector, [...'12345', 'Enter'], 180);
    expect(codes).toEqual([]);
    expect(handled.at(-1)).toBe(false);
  });

  it('ignores Shift between characters and too short bursts', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    type(detector, ['Shift', 'A', 'Shift', 'B', '1', '2', 'Enter'], 5);
    type(detector, ['1', '2', 'Enter'], 5, 5000);
    expect(codes).toEqual(['AB12']);
  });

  it('keeps a burst one scan when a busy tablet delivers some keys late', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    // 13 digits 8 ms apart, but the 5th and the 10th arrive after stalls of 200 and 120 ms.
    let at = 1000;
    const handled = [...'6001234567890', 'Enter'].map((key, i) => {
      at += i === 4 ? 200 : i === 9 ? 120 : 8;
      return detector.handleKey(key, at);
    });
    expect(codes).toEqual(['6001234567890']);
    expect(handled.at(-1)).toBe(true);
  });

  it('leaves a person typing fast alone too (100 ms a key)', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    type(detector, [...'4589', 'Enter'], 100);
    expect(codes).toEqual([]);
  });

  it('starts a new code after a pause (slow keys before the scan are dropped)', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    detector.handleKey('x', 0);
    type(detector, [...'98765', 'Enter'], 10, 1000);
    expect(codes).toEqual(['98765']);
  });
});
