import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROUTES } from './routes';
import type { Route } from './define-route';

/** Static paths first (a Map lookup), then the few with parameters. */
const exact = new Map(ROUTES.filter((r) => !r.path.includes('{')).map((r) => [r.path, r]));
const patterned = ROUTES.filter((r) => r.path.includes('{'));

export function findApiRoute(pathname: string): Route | undefined {
  return exact.get(pathname.replace(/\/$/, '')) ?? patterned.find((r) => r.matchPath(pathname));
}

/**
 * Our API answered by the same handlers Next would call, without Next's page pipeline in between
 * (it roughly halves the CPU of a list request). next-auth and unknown /api paths still go to Next.
 * Returns false when the URL is not one of our routes.
 */
export function dispatchApi(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  if (!url.startsWith('/api/')) return false;
  const route = findApiRoute(url.split('?')[0]!);
  if (!route) return false;
  void route.handler(req, res);
  return true;
}
