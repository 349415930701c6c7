import { startTransition } from 'react';
import ReactDOMClient from 'react-dom/client';

/*
 * Next's pages router hydrates a page with `hydrateRoot` outside any transition: React then
 * hydrates the whole page in one task (its default lane is never time-sliced), and on a phone a
 * page with a list was one task of a second or more before a tap could be answered (issue 20).
 * Called inside `startTransition`, the same hydration runs on a transition lane, which React does
 * in slices of a few milliseconds, yielding to the browser between them; an event on a part not
 * hydrated yet makes React hydrate that part first, then replays the event. Suspense boundaries
 * would slice it too, but React outlines a boundary's HTML behind an inline script once the page
 * passes 12.8 KB, and the pages' Content-Security-Policy allows no inline script.
 *
 * Next calls `hydrateRoot` on the module's exports (`require('react-dom/client')`), after _app is
 * loaded: _app imports this file first, so the call goes through here. Should a later Next call it
 * otherwise, the page is hydrated as before, in one task.
 */
if (typeof window !== 'undefined') {
  const client = ReactDOMClient as { hydrateRoot: typeof ReactDOMClient.hydrateRoot };
  const hydrateRoot = client.hydrateRoot;
  client.hydrateRoot = (container, children, options) => {
    let root: ReturnType<typeof hydrateRoot> | undefined;
    startTransition(() => {
      root = hydrateRoot(container, children, options);
    });
    // The app has taken the page over (its events are React's from here): what the browser tests
    // wait for after a page load, as the page paints before its scripts run (_document.tsx).
    document.documentElement.setAttribute('data-started', '');
    return root!;
  };
}
