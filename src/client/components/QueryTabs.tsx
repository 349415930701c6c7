import { Tabs } from '@/client/ui';
import { useRouter } from 'next/router';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A page's tabs, the open one named in the address (`?<param>=<value>`, absent for the first), so
 * a link or a reload opens the same tab. Wider than a phone, the strip scrolls on its own, never
 * the page, and the open tab is brought into sight (a link may open on the last). Each tab's
 * content (`Tabs.Content` with `unmountOnExit`) is drawn only while it is open.
 */
export function QueryTabs<T extends string>({
  param,
  tabs,
  children,
}: {
  param: string;
  /** In order; the first is the default. */
  tabs: ReadonlyArray<{ value: T; label: string }>;
  /** The Tabs.Content of each tab. */
  children: ReactNode;
}) {
  const router = useRouter();
  const asked = String(router.query[param] ?? '');
  const first = tabs[0]!.value;
  const tab = tabs.some((t) => t.value === asked) ? (asked as T) : first;
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    strip.current
      ?.querySelector('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  function show(next: string) {
    const { [param]: _open, ...rest } = router.query;
    const query = next === first ? rest : { ...rest, [param]: next };
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  }
  return (
    <Tabs.Root value={tab} onValueChange={(e) => show(e.value)} variant="line">
      <Tabs.List ref={strip} overflowX="auto" overflowY="hidden" scrollbarWidth="none">
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} whiteSpace="nowrap" flexShrink={0}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {children}
    </Tabs.Root>
  );
}
