/**
 * A request's cookies by name. A value that is not valid percent-encoding is kept as sent rather
 * than thrown on: a crafted cookie must not turn a request into a 500.
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const value = part.slice(eq + 1).trim();
    try {
      cookies[part.slice(0, eq).trim()] = decodeURIComponent(value);
    } catch {
      cookies[part.slice(0, eq).trim()] = value;
    }
  }
  return cookies;
}
