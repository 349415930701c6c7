import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { useApiReady } from '../session/use-api-ready';
import { useGetUserInfoQuery } from '@/features/user/client/user.api';
import { useGetOneAgentQuery, useGetShopQuery } from '@/features/shop/client/shop.api';
import { DEFAULT_ROLE, type AgentRole } from '@/shared/roles';
import { toastShopLoadingFailed } from './toaster';
import type { ApiError } from '../api/api-error';

/**
 * The shop the page acts on: `?shopId=` when given (SPEC §2: a different one loads that shop),
 * else the user's first. The agent's role falls back to admin when the server returns none (SPEC §3).
 */
export function useCurrentShop() {
  const router = useRouter();
  const shopId =
    typeof router.query.shopId === 'string' && router.query.shopId ? router.query.shopId : undefined;
  const isApiReady = useApiReady();
  const skip = !router.isReady || !isApiReady;

  const user = useGetUserInfoQuery(undefined, { skip });
  const shop = useGetShopQuery({ shopId }, { skip });
  const agent = useGetOneAgentQuery({ shopId }, { skip });

  useEffect(() => {
    if (shop.isError) toastShopLoadingFailed();
  }, [shop.isError]);

  const role: AgentRole = agent.data?.role ?? DEFAULT_ROLE;
  return {
    shopId,
    user: user.data ?? null,
    shop: shop.data ?? null,
    agent: agent.data ?? null,
    role,
    isLoading: skip || user.isLoading || shop.isLoading || agent.isLoading,
    isShopError: shop.isError,
    /** Why getShop failed: 403/404, not this user's shop; 0, the network; else the server. */
    shopErrorStatus: shop.isError ? ((shop.error as ApiError | undefined)?.status ?? 0) : null,
    retryShop: shop.refetch,
  };
}
