import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { getEnv, setProcessEnv } from './env';
import { openDatabase } from './db/client';
import { setDb } from './db';
import { getLogger } from './logger';

/**
 * `npm start` must work with no configuration: a missing session secret is generated once and
 * kept in the data folder, so sessions survive restarts.
 */
export function ensureAuthConfig(): void {
  const env = getEnv();
  if (!env.NEXTAUTH_SECRET) {
    const file = path.join(env.DATA_DIR, 'auth-secret');
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
    setProcessEnv('NEXTAUTH_SECRET', fs.readFileSync(file, 'utf8').trim());
    // Made per server: fine for one, but a second server on the same database would refuse the
    // first one's sign-ins. Said at start-up rather than found out behind a proxy.
    if (env.DATABASE_URL)
      getLogger().warn(
        `NEXTAUTH_SECRET n’est pas défini : le secret de ${file} ne vaut que pour ce serveur. Avec plusieurs serveurs, donnez à chacun le même NEXTAUTH_SECRET.`,
      );
  }
  if (!getEnv().NEXTAUTH_URL) setProcessEnv('NEXTAUTH_URL', `http://localhost:${env.PORT}`);
}

/** Opens (and migrates) the database named by the configuration. */
export async function openConfiguredDatabase() {
  const env = getEnv();
  const opened = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.resolve(env.DATA_DIR, 'pglite') },
  );
  setDb(opened.db, opened.close);
  getLogger().info({ database: opened.kind }, 'database ready');
  return opened;
}
