import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DatabaseLockedError } from '@/server/db/lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-lock-'));
const lockPath = path.join(dir, 'pglite.lock');
afterEach(() => fs.rmSync(lockPath, { force: true }));

describe('the PGlite lock file', () => {
  it('is taken, holds our pid, and is released', () => {
    const release = acquireLock(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses with a clear French error while another live process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockPath, String(other.pid));
      expect(() => acquireLock(lockPath)).toThrow(DatabaseLockedError);
      expect(() => acquireLock(lockPath)).toThrow(new RegExp(`déjà ouverte par le processus ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(lockPath, String(dead.pid));
    const release = acquireLock(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });
});
