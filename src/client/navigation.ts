/** Only same-site paths are followed after sign-in, never another origin. */
export function safeCallbackUrl(value: unknown, fallback = '/'): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return fallback;
  return value;
}

/** The query of the current URL minus the given keys, to keep shopId and friends across steps. */
export function queryWithout(
  query: Record<string, string | string[] | undefined>,
  ...drop: string[]
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (drop.includes(key) || value === undefined) continue;
    kept[key] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return kept;
}
