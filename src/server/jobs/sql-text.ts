import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db';

/**
 * A statement written with `$1, $2…` (as the queue engine writes them) as drizzle SQL, its values
 * bound as parameters: so the engine's statements can run on any of our executors, a transaction
 * included. `$` followed by digits only is a placeholder; the engine's texts quote no such thing.
 */
export function sqlOfText(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      const index = Number(part) - 1;
      if (index < 0 || index >= values.length) throw new Error(`Paramètre $${part} sans valeur.`);
      chunks.push(sql`${bindable(values[index])}`);
    }
  });
  return sql.join(chunks);
}

/** Objects go as JSON text (the engine casts them to jsonb), as node-postgres would send them. */
function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value))
    return JSON.stringify(value);
  return value;
}

/** The engine's `{ executeSql }` over one of our executors (a transaction, for one). */
export function engineExecutor(db: Executor) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
      const result = (await db.execute(sqlOfText(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
