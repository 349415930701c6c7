import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite lets a second process open the same folder and then silently loses writes, so the
 * folder is guarded by a lock file holding the owner's pid. A lock whose process is gone is stale
 * and taken over; a live one is a clear error.
 */
export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `La base de données ${path.dirname(lockPath)} est déjà ouverte par le processus ${ownerPid}. ` +
        'Arrêtez-le (ou utilisez un autre DATA_DIR) puis réessayez.',
    );
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means it exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(lockPath: string): () => void {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' fails if the file exists: creation is the atomic test-and-set.
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(lockPath, owner);
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner died without cleaning up
    }
  }
  throw new Error(`Impossible de prendre le verrou ${lockPath}`);
}
