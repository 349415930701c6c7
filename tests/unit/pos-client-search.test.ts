import { describe, expect, it } from 'vitest';
import {
  buildClientIndex,
  clientIndexOf,
  findClients,
  searchClients,
} from '@/features/pos/client/offline/client-search';
import type { StoredClient } from '@/features/pos/client/offline/types';

const client = (id: string, name: string, phone: string | null): StoredClient => ({
  key: `s:${id}`,
  shopId: 's',
  id,
  opId: null,
  name,
  phone,
});

const copy = [
  client('1', 'Awa Ndiaye', '+221771234567'),
  client('2', 'Moussa Diop', null),
  // Made offline at a till: the phone as the cashier typed it.
  client('3', 'Aïssatou Sow', '78 765 43 21'),
  client('4', 'Fatou Diop', '+221761112233'),
  client('5', 'Kouassi Yao', '+2250707080910'),
];
const ids = (found: StoredClient[]) => found.map((c) => c.id);

describe('the till’s client search', () => {
  it('finds a phone whatever the form typed', () => {
    expect(ids(findClients(copy, '77 123 45 67'))).toEqual(['1']);
    expect(ids(findClients(copy, '+221771234567'))).toEqual(['1']);
    expect(ids(findClients(copy, '+221 77 123 45 67'))).toEqual(['1']);
    expect(ids(findClients(copy, '00221 77 123 45 67'))).toEqual(['1']);
    expect(ids(findClients(copy, '(77) 123-45.67'))).toEqual(['1']);
    // A number kept as typed offline is found by its international form too.
    expect(ids(findClients(copy, '+221 78 765 43 21'))).toEqual(['3']);
    expect(ids(findClients(copy, '787654321'))).toEqual(['3']);
    expect(ids(findClients(copy, '07 07 08 09 10'))).toEqual(['5']);
    // The end of the number, as clients say it.
    expect(ids(findClients(copy, '45 67'))).toEqual(['1']);
    expect(findClients(copy, '12')).toEqual([]);
    expect(findClients(copy, '70 000 00 00')).toEqual([]);
  });

  it('finds a name by its words in any order, accents and case ignored', () => {
    expect(ids(findClients(copy, 'diop'))).toEqual(['2', '4']);
    expect(ids(findClients(copy, 'DIOP fatou'))).toEqual(['4']);
    expect(ids(findClients(copy, 'aissatou'))).toEqual(['3']);
    expect(ids(findClients(copy, 'sow aïs'))).toEqual(['3']);
    expect(findClients(copy, 'diop awa')).toEqual([]);
    expect(findClients(copy, '   ')).toEqual([]);
  });

  it('answers the first 20 in the copy’s order, each once', () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      client(String(i), `Cliente ${i}`, `+2217712${String(i).padStart(5, '0')}`),
    );
    const index = buildClientIndex(many);
    expect(ids(searchClients(index, 'cliente'))).toEqual(many.slice(0, 20).map((c) => c.id));
    // « +221 77 12… » matches as itself and without its country code: still each client once.
    expect(ids(searchClients(index, '+221 77 12 00 00'))).toEqual(many.slice(0, 10).map((c) => c.id));
    expect(ids(searchClients(index, 'cliente 4', 50))).toEqual([
      '4',
      '14',
      '24',
      '34',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '47',
      '48',
      '49',
    ]);
  });

  it('keeps one index per copy: a reloaded copy is searched afresh', () => {
    const first = [client('1', 'Awa Ndiaye', '+221771234567')];
    expect(clientIndexOf(first)).toBe(clientIndexOf(first));
    const reloaded = [...first, client('2', 'Binta Fall', '+221781234567')];
    expect(ids(findClients(reloaded, 'binta'))).toEqual(['2']);
    expect(findClients(first, 'binta')).toEqual([]);
  });

  // Its speed (≤ 50 ms over 20 000 clients) is bench:clients' to measure (`-- --till`), not a
  // test's: a timing asserted here failed on a busy CI machine without anything being wrong.
  it('finds the one client over 20 000, by phone typed any way or by name', () => {
    const big = Array.from({ length: 20_000 }, (_, i) =>
      client(String(i), `Client ${i} Ndèye`, `+22177${String(1_000_000 + i).padStart(7, '0')}`),
    );
    const index = clientIndexOf(big);
    expect(ids(searchClients(index, '77 101 99 99'))).toEqual(['19999']);
    expect(ids(searchClients(index, '+221 77 101 99 99'))).toEqual(['19999']);
    expect(ids(searchClients(index, 'ndeye client 19999'))).toEqual(['19999']);
    expect(searchClients(index, 'zzkq')).toEqual([]);
    expect(searchClients(index, '70 000 00 00')).toEqual([]);
  });
});
