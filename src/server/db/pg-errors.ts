/** PostgreSQL's error code, whether drizzle hands us the driver's error or wraps it in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  const e = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e.code === 'string') return e.code;
  return typeof e.cause?.code === 'string' ? e.cause.code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';
