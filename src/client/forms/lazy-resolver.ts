import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { NETWORK_ERROR_MESSAGE } from '@/client/api/api-error';

export interface LazyResolver<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts fetching the rules; for the form's first focus. */
  preload: () => void;
}

/**
 * A form's resolver whose rules load when the form is first used, not with its page: zod and the
 * schemas weigh about 68 KB compressed on the editors, which the page's first paint does not need. `preload`
 * goes on the form's focus (the rules arrive while the first field is typed in); a check that
 * comes before them waits for them. When they cannot be fetched (the network dropped), the form
 * says so above its fields and the next submit tries again.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | null = null;
  const rules = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  return {
    async resolver(values, context, options) {
      let check: Resolver<TValues, unknown, TOutput>;
      try {
        check = await rules();
      } catch {
        const root = { server: { type: 'load', message: NETWORK_ERROR_MESSAGE } };
        return { values: {}, errors: { root } as unknown as FieldErrors<TValues> };
      }
      return check(values, context, options);
    },
    preload: () => void rules().catch(() => {}),
  };
}

/** `lazyResolver` kept across renders; `deps` say when the rules change (a currency, a time zone). */
export function useLazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
  deps: readonly unknown[],
): LazyResolver<TValues, TOutput> {
  // `load` is a new arrow on each render: `deps` alone say when to start over.
  return useMemo(() => lazyResolver(load), deps);
}
