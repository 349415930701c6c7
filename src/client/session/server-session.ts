// The server's word on this browser's session, asked without next-auth's client (which reports a
// failed read as « no session »), and next-auth's own cross-tab channel.

/** next-auth's channel: a back-office tab's provider reads its session again on each message. */
export const NEXTAUTH_MESSAGE_KEY = 'nextauth.message';

/** What the server says of this browser's session: still there, none (ended), or no answer. */
export async function readServerSession(): Promise<'held' | 'ended' | 'unreachable'> {
  try {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return 'unreachable';
    const session = (await response.json()) as { user?: unknown } | null;
    return session?.user ? 'held' : 'ended';
  } catch {
    return 'unreachable';
  }
}

/**
 * next-auth (v4) reads the session again when another tab broadcasts a change, through local
 * storage's `storage` event: the same message, dispatched to this tab, makes it read now.
 */
export function rereadNextAuthSession(): void {
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: NEXTAUTH_MESSAGE_KEY,
      newValue: JSON.stringify({ event: 'session', data: { trigger: 'getSession' } }),
    }),
  );
}
