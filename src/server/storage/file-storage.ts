import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '../env';
import { S3Storage, type S3Config } from './s3-storage';
import { isSafeKey, type FileStorage } from './storage-key';

export { isSafeKey, type FileStorage };

export const UPLOADS_URL_PREFIX = '/uploads/';

export function uploadsDir(): string {
  return path.resolve(getEnv().DATA_DIR, 'uploads');
}

/** Default: files under $DATA_DIR/uploads, served by server.ts at /uploads/… */
class LocalDiskStorage implements FileStorage {
  async put(key: string, data: Buffer): Promise<{ url: string }> {
    if (!isSafeKey(key)) throw new Error(`Clé de fichier refusée : ${key}`);
    const target = path.join(uploadsDir(), key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.part`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, target);
    return { url: `${UPLOADS_URL_PREFIX}${key}` };
  }
}

let storage: FileStorage | undefined;

/** S3 (see s3-storage.ts) as soon as any of its settings is given, else the local disk. */
export function getFileStorage(): FileStorage {
  if (!storage) {
    const s3 = s3Config();
    storage = s3 ? new S3Storage(s3) : new LocalDiskStorage();
  }
  return storage;
}

/** Tests change the S3 settings between cases; production never calls this. */
export function resetFileStorageCache(): void {
  storage = undefined;
}

/**
 * The S3 settings, checked: undefined when none is set (local disk). Half a configuration is an
 * error naming what is missing, rather than uploads silently landing on the local disk. Empty values
 * (a copied .env.example) count as unset.
 */
function s3Config(): S3Config | undefined {
  const env = getEnv();
  const required = {
    S3_ENDPOINT: env.S3_ENDPOINT?.trim(),
    S3_BUCKET: env.S3_BUCKET?.trim(),
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID?.trim(),
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY?.trim(),
  };
  if (!Object.values(required).some(Boolean)) return undefined;
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`Stockage S3 incomplet : définissez aussi ${missing.join(', ')}.`);
  const publicUrl = env.S3_PUBLIC_URL?.trim() || undefined;
  return {
    endpoint: checkedUrl('S3_ENDPOINT', required.S3_ENDPOINT!),
    region: env.S3_REGION.trim() || 'us-east-1',
    bucket: required.S3_BUCKET!,
    accessKeyId: required.S3_ACCESS_KEY_ID!,
    secretAccessKey: required.S3_SECRET_ACCESS_KEY!,
    publicUrl: publicUrl && checkedUrl('S3_PUBLIC_URL', publicUrl),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

function checkedUrl(name: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below.
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new Error(`${name} doit être une adresse http(s) complète (reçu : ${value}).`);
  return value;
}
