import sharp from 'sharp';
import { Errors } from '../http/errors';
import { describeDetails } from '@/shared/validation';

export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** Above the best phone cameras (50 MP): a genuine photo always passes. */
const MAX_IMAGE_PIXELS = 64_000_000;

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
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>> | undefined;
  try {
    // Unlimited for the header only: sharp's own limit would make a bomb read as « not an image ».
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    metadata = undefined;
  }
  if (!metadata?.format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(metadata.format))
    refuse(field, 'Le fichier doit être une image JPEG, PNG ou WebP.');
  // A few kilobytes can declare a picture of billions of pixels (a « bomb »): refused by its size
  // before anything is decoded, and said as such rather than as a wrong format.
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS)
    refuse(
      field,
      `L’image est trop grande (${metadata.width} × ${metadata.height} pixels) : ${MAX_IMAGE_PIXELS / 1_000_000} mégapixels au maximum.`,
    );
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
