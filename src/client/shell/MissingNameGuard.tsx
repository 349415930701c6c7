import { useRouter } from 'next/router';
import { useEffect, type ReactNode } from 'react';
import { useApiReady } from '../session/use-api-ready';
import { useGetOneAgentQuery, type Agent } from '@/features/shop/client/shop.api';

export const CONFIRM_INFORMATIONS_PATH = '/confirmer-informations';

/**
 * Pages no agent name is needed for: a customer's payment link (no agent), the form itself, and
 * the till, which applies the rule from its offline copy (PosScreen). The sign-in steps are drawn
 * outside this guard (they are not back-office pages).
 */
const PAGES_WITHOUT_NAME = ['/payer', CONFIRM_INFORMATIONS_PATH, '/point-de-vente'];

export function isMissingName(agent: Pick<Agent, 'firstName' | 'lastName'> | null | undefined): boolean {
  return !!agent && (!agent.firstName?.trim() || !agent.lastName?.trim());
}

function needsName(pathname: string): boolean {
  return !PAGES_WITHOUT_NAME.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/**
 * SPEC §2/§5: an agent without first or last name is forced to /confirmer-informations, from every
 * page. Held here, around every page (`_app`), rather than in each screen: the page asked for is not
 * rendered at all (no flash of it, none of its requests), whether or not it uses the app shell.
 */
export function MissingNameGuard({ children }: { children: ReactNode }) {
  const router = useRouter();
  const isApiReady = useApiReady();
  const isGuarded = needsName(router.pathname);
  const shopId =
    typeof router.query.shopId === 'string' && router.query.shopId ? router.query.shopId : undefined;
  // The same query as the shell's (useCurrentShop): one request, one cache entry.
  const { data: agent } = useGetOneAgentQuery(
    { shopId },
    { skip: !isGuarded || !router.isReady || !isApiReady },
  );
  const isHeld = isGuarded && isMissingName(agent);

  useEffect(() => {
    if (!isHeld || !agent) return;
    void router.replace({
      pathname: CONFIRM_INFORMATIONS_PATH,
      query: { message: 'missing_agent_name', shopId: agent.shopId },
    });
  }, [isHeld, agent, router]);

  return isHeld ? null : <>{children}</>;
}
