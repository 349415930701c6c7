import { Suspense, useState, type ReactNode } from 'react';

/**
 * A dialog or drawer drawn only once it has opened (issue 20): until then nothing of it is in the
 * page, and its lazily loaded code (React.lazy in `children`) is not fetched; from then on it stays
 * mounted, so that it closes as it opened.
 */
export function FirstOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(isOpen);
  // Set while rendering (React's way to follow a prop): the open render already mounts it.
  if (isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened && !isOpen) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
