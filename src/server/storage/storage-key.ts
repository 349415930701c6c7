// What every storage driver shares: its interface and the keys it accepts (a file of its own, so the
// drivers and the one that picks them do not import each other).

/**
 * Where uploaded files live. Keys are unique per upload (a new id each time), so a stored file
 * never changes and can be cached for ever.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
}

/** Keys are ours (folder/id.ext), never a user's file name; this refuses anything else. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)+\.(webp|png|jpg)$/.test(key);
}
