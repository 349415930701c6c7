/**
 * SPEC §2: a host starting with www goes to the pro host, path and query kept. Done in server.ts
 * before Next sees the request: Next turns a middleware redirect to its own origin into a
 * relative one, which on a www host would redirect to itself for ever.
 */
export function wwwRedirectLocation(
  host: string | undefined,
  url: string,
  proHost: string | undefined,
): string | null {
  if (!host || !host.toLowerCase().startsWith('www.')) return null;
  const base = (proHost || `https://pro.${host.slice(4)}`).replace(/\/+$/, '');
  return `${base}${url.startsWith('/') ? url : `/${url}`}`;
}
