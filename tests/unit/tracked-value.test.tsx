// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createContext, memo, useContext, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  useTrackedStore,
  useTrackedValue,
  type TrackedStore,
} from '@/features/pos/client/till/tracked-value';

interface Shared {
  name: string;
  count: number;
  list: { size: number };
  version: number;
  sync: { isOnline: boolean; pending: number };
}

const Store = createContext<TrackedStore<Shared> | null>(null);
const RULES = { alsoTracks: { list: 'version' }, deep: ['sync'] } as const;
const useShared = () => useTrackedValue(useContext(Store)!, RULES);
let setShared: (update: (s: Shared) => Shared) => void = () => {};

function Provider({ children }: { children: ReactNode }) {
  const [shared, set] = useState<Shared>({
    name: 'Awa',
    count: 0,
    list: { size: 0 },
    version: 0,
    sync: { isOnline: true, pending: 0 },
  });
  setShared = set;
  return <Store.Provider value={useTrackedStore(shared)}>{children}</Store.Provider>;
}

const renders = { name: 0, count: 0, list: 0, online: 0 };
// memo: only the shared value may redraw them, as the till's screens under their provider.
const NameReader = memo(function NameReader() {
  renders.name++;
  return <p data-testid="name">{useShared().name}</p>;
});
const CountReader = memo(function CountReader() {
  renders.count++;
  const shared = useShared();
  return <p data-testid="count">{shared.count}</p>;
});
const ListReader = memo(function ListReader() {
  renders.list++;
  return <p data-testid="list">{useShared().list.size}</p>;
});
const OnlineReader = memo(function OnlineReader() {
  renders.online++;
  return <p data-testid="online">{useShared().sync.isOnline ? 'en ligne' : 'hors ligne'}</p>;
});
const LateReader = memo(function LateReader() {
  const [isShown, show] = useState(false);
  const shared = useShared();
  return (
    <button type="button" onClick={() => show(true)} data-testid="late">
      {isShown ? shared.count : 'caché'}
    </button>
  );
});

function setup() {
  renders.name = renders.count = renders.list = renders.online = 0;
  render(
    <Provider>
      <NameReader />
      <CountReader />
      <ListReader />
      <OnlineReader />
      <LateReader />
    </Provider>,
  );
}

afterEach(cleanup);

describe('useTrackedValue', () => {
  it('redraws a reader when a field it read changes, and only then', () => {
    setup();
    expect(renders).toEqual({ name: 1, count: 1, list: 1, online: 1 });
    act(() => setShared((s) => ({ ...s, count: 1 })));
    expect(screen.getByTestId('count').textContent).toBe('1');
    expect(renders).toEqual({ name: 1, count: 2, list: 1, online: 1 });
    act(() => setShared((s) => ({ ...s, name: 'Ibrahima' })));
    expect(screen.getByTestId('name').textContent).toBe('Ibrahima');
    expect(renders).toEqual({ name: 2, count: 2, list: 1, online: 1 });
  });

  it('redraws a reader of an object changed in place when its tied counter moves', () => {
    setup();
    act(() =>
      setShared((s) => {
        s.list.size = 3;
        return { ...s, version: s.version + 1 };
      }),
    );
    expect(screen.getByTestId('list').textContent).toBe('3');
    expect(renders.list).toBe(2);
    expect(renders.name).toBe(1);
  });

  it('gives a reader redrawn for its own reason the latest value of a field it had not read', () => {
    setup();
    act(() => setShared((s) => ({ ...s, count: 5 })));
    act(() => screen.getByTestId('late').click());
    expect(screen.getByTestId('late').textContent).toBe('5');
    // From then on it follows that field too.
    act(() => setShared((s) => ({ ...s, count: 6 })));
    expect(screen.getByTestId('late').textContent).toBe('6');
  });

  it('follows an object field by field: a reader of one of its fields ignores the others', () => {
    setup();
    act(() => setShared((s) => ({ ...s, sync: { ...s.sync, pending: 4 } })));
    expect(renders.online).toBe(1);
    act(() => setShared((s) => ({ ...s, sync: { ...s.sync, isOnline: false } })));
    expect(screen.getByTestId('online').textContent).toBe('hors ligne');
    expect(renders.online).toBe(2);
  });
});
