import { useState } from 'react';

/**
 * Whether a dialog or drawer has opened once: until then nothing of it need be in the page, nor its
 * code loaded (issue 20); from then on it stays mounted, so that it closes as it opened.
 */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  // Set while rendering (React's way to follow a prop): the open render already mounts it.
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
