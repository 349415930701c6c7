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

  it('starts a new code after a pause (slow keys before the scan are dropped)', () => {
    const codes: string[] = [];
    const detector = new ScanDetector((c) => codes.push(c));
    detector.handleKey('x', 0);
    type(detector, [...'98765', 'Enter'], 10, 1000);
    expect(codes).toEqual(['98765']);
  });
});
