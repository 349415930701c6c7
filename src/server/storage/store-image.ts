import { newId } from '../ids';
import { getFileStorage } from './file-storage';
import { toWebpSizes, type ImageSize } from './images';

/** One checked, resized WebP per upload, under a fresh key (so caches never serve an old one). */
export async function storeImage(folder: string, data: Buffer, size: Omit<ImageSize, 'name'>, field: string) {
  const { image } = await toWebpSizes(data, [{ name: 'image', ...size }], field);
  const { url } = await getFileStorage().put(`${folder}/${newId()}.webp`, image!, 'image/webp');
  return url;
}

export const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;
export const LOGO_SIZE = { width: 512, height: 512, fit: 'inside' } as const;
