import type { ApiTestbed } from './api-testbed';
import type { Actor } from './orders';

type Params = Record<string, string | number>;

/** Livraison's endpoints, `/api/delivery/<path>`, for an actor of a shop. */
export function deliveryCalls(bed: ApiTestbed) {
  const get = (a: Actor, path: string, params: Params = {}) =>
    bed.server.call(
      'GET',
      `/api/delivery/${path}?${new URLSearchParams({
        shopId: a.shopId,
        ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      })}`,
      { token: a.token },
    );
  const post = (a: Actor, path: string, body: Record<string, unknown>) =>
    bed.server.call('POST', `/api/delivery/${path}`, {
      token: a.token,
      body: { shopId: a.shopId, ...body },
    });
  return { get, post };
}
