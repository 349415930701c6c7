import { describe, expect, it } from 'vitest';
import { findClients } from '@/features/pos/client/components/ClientDialog';

describe('till formats', () => {
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
