import { useCallback, useState } from 'react';

/**
 * The rows a list has selected for its bulk bar. `toggle` and `clear` keep their identity, so the
 * lists' memoised rows are not drawn again each time the screen is.
 */
export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, clear };
}
