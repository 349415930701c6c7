import sharp from 'sharp';
import { Errors } from '../http/errors';
import { describeDetails } from '@/shared/validation';

export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;

export interface ImageSize {
  name: string;
  width: number;
  height: number;
  /** cover crops to fill (avatars, logos' square), inside keeps the whole picture. */
  fit: 'cover' | 'inside';
}

function refuse(field: string, message: string): never {
  const details = { [field]: message };
  throw Errors.validation(details, describeDetails(details));
}

/**
 * Checks an upload by its content (never its name or declared type), then writes each size as
 * WebP. EXIF orientation is applied and metadata dropped (phones put the location in it).
 */
export async function toWebpSizes(
  data: Buffer,
  sizes: ImageSize[],
  field = 'file',
): Promise<Record<string, Buffer>> {
  if (data.length === 0) refuse(field, 'Le fichier est vide.');
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format))
    refuse(field, 'Le fichier doit être une image JPEG, PNG ou WebP.');
  const entries = await Promise.all(
    sizes.map(async (size) => {
      const buffer = await sharp(data)
        .rotate()
        .resize(size.width, size.height, { fit: size.fit, withoutEnlargement: size.fit === 'inside' })
        .webp({ quality: 82 })
        .toBuffer();
      return [size.name, buffer] as const;
    }),
  );
  return Object.fromEntries(entries);
}
