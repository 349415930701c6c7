import { beforeEach, describe, expect, it } from 'vitest';
import { isToastViewWanted, onToastViewWanted, provideToastStore, toaster } from '@/client/shell/toaster';

// The real store is Chakra's (zag's state machine), handed over by the view's module as it loads;
// here, one that records what it is asked.
const calls: string[] = [];
const visible = new Set<string>();
const fakeStore = {
  create: (o: { id?: string; title: string }) => {
    calls.push(`create ${o.id ?? '-'} ${o.title}`);
    if (o.id) visible.add(o.id);
  },
  update: (id: string, o: { title: string }) => calls.push(`update ${id} ${o.title}`),
  isVisible: (id: string) => visible.has(id),
};

async function settled() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('toasts asked for before the view (and its store) is here', () => {
  beforeEach(() => {
    calls.length = 0;
    visible.clear();
  });

  it('shows them once it arrives, in the order asked', async () => {
    // The view is not loaded before a toast is asked for (or the page has settled): the first
    // toast asks for it, once.
    expect(isToastViewWanted()).toBe(false);
    let asked = 0;
    const stop = onToastViewWanted(() => (asked += 1));
    toaster.create({ title: 'Un' });
    expect(isToastViewWanted()).toBe(true);
    expect(asked).toBe(1);
    toaster.create({ title: 'Deux' });
    toaster.upsert('new-orders', { title: 'Vous avez 1 nouvelle commande !' });
    await settled();
    expect(asked).toBe(1);
    stop();
    expect(calls).toEqual([]);
    provideToastStore(fakeStore as unknown as Parameters<typeof provideToastStore>[0]);
    await settled();
    expect(calls).toEqual([
      'create - Un',
      'create - Deux',
      'create new-orders Vous avez 1 nouvelle commande !',
    ]);
  });

  it('brings a toast on screen up to date rather than showing a second one', async () => {
    toaster.upsert('new-orders', { title: 'Vous avez 1 nouvelle commande !' });
    toaster.upsert('new-orders', { title: 'Vous avez 2 nouvelle commande !' });
    await settled();
    expect(calls).toEqual([
      'create new-orders Vous avez 1 nouvelle commande !',
      'update new-orders Vous avez 2 nouvelle commande !',
    ]);
  });
});
