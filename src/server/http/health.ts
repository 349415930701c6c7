import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { migrationsFolder } from '../db/client';
import { getLogger } from '../logger';
import { sendJson } from './define-route';

/*
 * What a reverse proxy asks each server: `/api/health`, is the process alive (it answers at all);
 * `/api/ready`, may it be sent requests (its database answers, every migration of this build is
 * applied, and it is not stopping). A stopping server says not ready first, so the proxy drains it.
 */

let isStopping = false;

/** From now on `/api/ready` answers 503: the proxy sends this server nothing new. */
export function markStopping(): void {
  isStopping = true;
}

let expectedMigrations: number | null = null;
function migrationsOfThisBuild(): number {
  expectedMigrations ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return expectedMigrations;
}

async function answerReady(res: ServerResponse): Promise<void> {
  if (isStopping) return sendJson(res, 503, { status: 'stopping', message: 'Le serveur s’arrête.' });
  try {
    const result = (await getDb().execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: number }> };
    const applied = Number(result.rows[0]?.n ?? 0);
    const expected = migrationsOfThisBuild();
    if (applied < expected)
      return sendJson(res, 503, {
        status: 'migrating',
        message: `Migrations appliquées : ${applied} sur ${expected}.`,
      });
    sendJson(res, 200, { status: 'ready', migrations: applied });
  } catch (error) {
    getLogger().warn({ err: error }, 'readiness check failed');
    sendJson(res, 503, { status: 'database', message: 'La base de données ne répond pas.' });
  }
}

/** Answers `/api/health` and `/api/ready`; false for any other path. */
export function serveHealth(req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = (req.url ?? '').split('?')[0];
  if (pathname === '/api/health') {
    sendJson(res, 200, { status: 'ok' });
    return true;
  }
  if (pathname === '/api/ready') {
    void answerReady(res);
    return true;
  }
  return false;
}
