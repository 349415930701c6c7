import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RECEIPT_FOOTER, bootFromPage, isSameBoot } from '@/features/pos/client/offline/till-boot';
import type { EmbeddedTillBoot, Till } from '@/features/pos/pos.schemas';

const till = (id: string, name: string): Till =>
  ({ id, name, isActive: true, openSession: null }) as unknown as Till;

function page(overrides: Partial<EmbeddedTillBoot> = {}): EmbeddedTillBoot {
  return {
    shopId: null,
    session: {
      user: { id: 'u1', phone: '+221770000004', name: 'Ibrahima Fall' },
      accessToken: 'jeton',
      accessTokenExpiresAt: 2_000_000_000,
    },
    answer: {
      user: { id: 'u1', phone: '+221770000004', firstName: 'Ibrahima', lastName: 'Fall' },
      shop: {
        id: 's1',
        name: 'Boutique Awa',
        logoUrl: null,
        currency: 'XOF',
        timeZone: 'Africa/Dakar',
        country: 'SN',
        address: 'Dakar',
        phone: null,
        receiptFooter: ' ',
        taxId: '',
        tradeRegister: '',
        isBlocked: false,
      },
      agent: { id: 'a1', firstName: 'Ibrahima', lastName: 'Fall', role: 'cashier' },
      loyalty: null,
      tills: [till('t1', 'Caisse 1'), till('t2', 'Caisse 2')],
    },
    hasChosenTill: false,
    servedAt: Date.now(),
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

// /point-de-vente is drawn by the server with its boot answer: the till's first state must come
// from it alone, the same on the server and in the browser, or the page would not hydrate.
describe('the till booted from its page', () => {
  it('is ready with the cashier, the shop, the role and the server’s tills', () => {
    const boot = bootFromPage(page());
    expect(boot?.kind).toBe('ready');
    if (boot?.kind !== 'ready') return;
    expect(boot.identity).toMatchObject({ userId: 'u1', accessToken: 'jeton' });
    expect(boot.context.shop).toMatchObject({ id: 's1', receiptFooter: DEFAULT_RECEIPT_FOOTER });
    expect(boot.context.userName).toBe('Ibrahima Fall');
    expect(boot.role).toBe('cashier');
    expect(boot.isFromCache).toBe(false);
    expect(boot.freshTills?.map((t) => t.name)).toEqual(['Caisse 1', 'Caisse 2']);
  });

  it('leaves the till to boot itself without an answer, a session or a shop', () => {
    expect(bootFromPage(undefined)).toBeNull();
    expect(bootFromPage(page({ session: {} }))).toBeNull();
    expect(bootFromPage(page({ answer: { ...page().answer, shop: null } }))).toEqual({ kind: 'no-shop' });
  });

  it('does not take, in the browser, an answer from a page kept for hours', () => {
    vi.stubGlobal('window', {});
    expect(bootFromPage(page({ servedAt: Date.now() - 13 * 3_600_000 }))).toBeNull();
    expect(bootFromPage(page({ servedAt: Date.now() - 60_000 }))?.kind).toBe('ready');
  });

  it('is the same boot as bootTill’s from the same answer, not when the tills changed', () => {
    const first = bootFromPage(page());
    expect(isSameBoot(first, bootFromPage(page())!)).toBe(true);
    const moved = page();
    moved.answer.tills = [till('t1', 'Caisse 1')];
    expect(isSameBoot(first, bootFromPage(moved)!)).toBe(false);
    expect(isSameBoot(null, first!)).toBe(false);
    expect(isSameBoot({ kind: 'no-shop' }, { kind: 'no-shop' })).toBe(true);
  });
});
