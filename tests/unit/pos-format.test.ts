import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/shared/dates';
import { formatTillDate, dayKey } from '@/features/pos/client/till/format';
import { findClients } from '@/features/pos/client/components/ClientDialog';

describe('till formats', () => {
  it('writes dates as the rest of the app does, in the shop’s time zone', () => {
    for (const [iso, tz] of [
      ['2026-11-21T09:05:00Z', 'Africa/Dakar'],
      ['2026-11-21T23:30:00Z', 'Africa/Douala'],
      ['2026-01-01T00:00:00Z', 'Europe/Paris'],
    ] as const) {
      expect(formatTillDate(iso, tz)).toBe(formatDateTime(iso, tz));
    }
    expect(dayKey('2026-11-21T23:30:00Z', 'Africa/Douala')).toBe('2026-11-22');
  });

  it('finds a client by the end of the phone number or by name', () => {
    const clients = [
      { key: 's:1', shopId: 's', id: '1', opId: null, name: 'Awa Ndiaye', phone: '+221771234567' },
      { key: 's:2', shopId: 's', id: '2', opId: null, name: 'Moussa Diop', phone: null },
    ];
    expect(findClients(clients, '45 67').map((c) => c.id)).toEqual(['1']);
    expect(findClients(clients, 'diop').map((c) => c.id)).toEqual(['2']);
    expect(findClients(clients, '12')).toEqual([]);
  });
});
