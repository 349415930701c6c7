/** PostgreSQL's error code, whether drizzle hands us the driver's error or wraps it in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  const e = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e.code === 'string') return e.code;
  return typeof e.cause?.code === 'string' ? e.cause.code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
/** 23503 for a plain foreign key, 23001 when it is declared `on delete restrict` (order lines' variants). */
export const isForeignKeyViolation = (error: unknown) =>
  ['23503', '23001'].includes(pgErrorCode(error) ?? '');
