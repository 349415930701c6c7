import { useLayoutEffect, useMemo, useReducer, useState } from 'react';

/*
 * A value shared down the tree whose readers redraw only when a field they read changes (issue
 * 20). The till's provider changes a dozen times as the till opens (its catalogue, clients,
 * discounts, tills, the sync's state): through a plain context, each change redrew every reader,
 * the whole till, some twenty times in its first seconds on a tablet's CPU.
 */
export interface TrackedStore<T extends object> {
  current: T;
  listeners: Set<() => void>;
}

/**
 * The provider's side: the store its readers share, holding the value of its latest render. Readers
 * drawn in the same pass read that value; the others are told once the pass is committed.
 */
export function useTrackedStore<T extends object>(value: T): TrackedStore<T> {
  const [store] = useState<TrackedStore<T>>(() => ({ current: value, listeners: new Set() }));
  store.current = value;
  // A reader's own effects run before its provider's: every reader drawn is listening by now.
  useLayoutEffect(() => {
    for (const listener of [...store.listeners]) listener();
  });
  return store;
}

/** What a reader of the value follows: `alsoTracks` ties a field to another; `deep` fields are objects followed field by field. */
export interface TrackingRules<T> {
  alsoTracks?: Partial<Record<keyof T, keyof T>>;
  deep?: ReadonlyArray<keyof T>;
}

const PATH = '\u0000';

function valueAt(root: object, path: string): unknown {
  const [key, sub] = path.split(PATH) as [string, string | undefined];
  const value = (root as Record<string, unknown>)[key];
  return sub === undefined ? value : (value as Record<string, unknown> | null)?.[sub];
}

/**
 * A reader's side: the value, through a proxy that notes each field read and what it was. A change
 * to one of those fields redraws the reader; any other change does not. A field tied by
 * `alsoTracks` is noted with the one read, for an object changed in place whose changes a counter
 * announces; a `deep` field (an object replaced at each change of any of its fields, as the sync's
 * state) is followed by the fields read of it.
 */
export function useTrackedValue<T extends object>(store: TrackedStore<T>, rules: TrackingRules<T> = {}): T {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [read] = useState(() => new Map<string, unknown>());
  useLayoutEffect(() => {
    const listener = () => {
      for (const [path, seen] of read)
        if (!Object.is(valueAt(store.current, path), seen)) {
          redraw();
          return;
        }
    };
    store.listeners.add(listener);
    // A change between this reader's render and now.
    listener();
    return () => {
      store.listeners.delete(listener);
    };
  }, [store, read]);
  return useMemo(() => {
    const note = (path: string) => {
      const value = valueAt(store.current, path);
      read.set(path, value);
      return value;
    };
    // One proxy per object read, so that it stays the same object until the field changes.
    const deepProxies = new WeakMap<object, object>();
    const deepProxy = (key: string, target: object) => {
      let proxy = deepProxies.get(target);
      if (!proxy) {
        proxy = new Proxy(target, {
          get(object, sub) {
            // Noted only while it is the value's current object: an older one read by a callback
            // says nothing of what the reader shows now.
            if (typeof sub === 'string' && store.current[key as keyof T] === object)
              note(`${key}${PATH}${sub}`);
            return Reflect.get(object, sub);
          },
        });
        deepProxies.set(target, proxy);
      }
      return proxy;
    };
    // Always the latest value: a reader redrawn for a reason of its own never reads a stale field.
    return new Proxy(store.current, {
      get(_, key) {
        if (typeof key !== 'string') return Reflect.get(store.current, key);
        const tied = rules.alsoTracks?.[key as keyof T];
        if (tied) note(tied as string);
        const value = store.current[key as keyof T];
        if (rules.deep?.includes(key as keyof T) && typeof value === 'object' && value !== null)
          return deepProxy(key, value);
        return note(key);
      },
    });
    // The rules are a constant of the reader's hook: not a dependency.
  }, [store, read]);
}
