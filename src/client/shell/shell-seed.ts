import { userApi, type UserInfo } from '@/features/user/client/user.api';
import { shopApi, type Agent, type Shop } from '@/features/shop/client/shop.api';
import { api } from '@/client/api/api';
import { knowFixedOffset, type FixedOffset } from '@/shared/dates';
import type { AppStore } from '../store';

/** A query's answer the server read with the page (see PageRead), under the key its screen uses. */
export interface SeededQuery {
  endpointName: string;
  arg: Record<string, unknown>;
  value: unknown;
}

/** What the server read for the shell of the page it drew (see shellPageProps). */
export interface ShellData {
  /** The page's `?shopId=`, or null for the caller's first shop. */
  shopId: string | null;
  user: UserInfo;
  shop: Shop | null;
  agent: Agent | null;
  /** The server's guess that the browser is a phone's (its user agent): see PhoneHint. */
  isPhone: boolean;
  /** The first reads of the shell (the bell) and of the page (its content), answered with it. */
  queries: SeededQuery[];
  /** The shop's zone's one offset, when it kept one (src/server/zone-offsets.ts): dates without Intl. */
  zoneOffset?: FixedOffset | null;
}

/**
 * Puts the shell's answers in the store under the very keys useCurrentShop asks them with, before
 * the first render: the server and the browser draw the page with them at once (same HTML, no
 * request for them after it opened).
 */
export function seedShell(store: AppStore, shellData: ShellData | undefined): AppStore {
  if (!shellData) return store;
  if (shellData.shop && shellData.zoneOffset) knowFixedOffset(shellData.shop.timeZone, shellData.zoneOffset);
  const arg = { shopId: shellData.shopId ?? undefined };
  store.dispatch(
    userApi.util.upsertQueryEntries([{ endpointName: 'getUserInfo', arg: undefined, value: shellData.user }]),
  );
  store.dispatch(
    shopApi.util.upsertQueryEntries([
      { endpointName: 'getShop', arg, value: shellData.shop },
      { endpointName: 'getOneAgent', arg, value: shellData.agent },
    ]),
  );
  if (shellData.queries.length)
    store.dispatch(
      api.util.upsertQueryEntries(shellData.queries as Parameters<typeof api.util.upsertQueryEntries>[0]),
    );
  return store;
}
