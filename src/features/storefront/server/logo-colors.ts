import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { UPLOADS_URL_PREFIX, isSafeKey, uploadsDir } from '@/server/storage/file-storage';
import { readableShade } from '@/shared/storefront/colors';

const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** How far two colours are, roughly as the eye sees it (« redmean »). */
function distance(a: number[], b: number[]): number {
  const r = (a[0]! + b[0]!) / 2;
  const [dr, dg, db] = [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
  return Math.sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db);
}

const suggested = new LRUCache<string, string[]>({ max: 1_000 });

/**
 * Up to three colours of the logo for the shop's buttons, each darkened until white text reads on
 * it: the logo shrunk to 16 × 16, its vivid pixels (not white, black nor grey) grouped by likeness,
 * the largest groups first. None for a logo kept elsewhere than this server's uploads.
 */
export async function logoColors(logoUrl: string | null): Promise<string[]> {
  if (!logoUrl?.startsWith(UPLOADS_URL_PREFIX)) return [];
  // The builder's every save answers them: read once per logo (a new logo has a new address).
  const known = suggested.get(logoUrl);
  if (known) return known;
  const colors = await colorsOf(logoUrl);
  suggested.set(logoUrl, colors);
  return colors;
}

async function colorsOf(logoUrl: string): Promise<string[]> {
  const key = decodeURIComponent(logoUrl.slice(UPLOADS_URL_PREFIX.length));
  if (!isSafeKey(key)) return [];
  const source = await fs.readFile(path.join(uploadsDir(), key)).catch(() => null);
  if (!source) return [];
  const { data, info } = await sharp(source)
    .flatten({ background: '#ffffff' })
    .resize(16, 16, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const groups: Array<{ rgb: number[]; count: number }> = [];
  for (let i = 0; i < data.length; i += info.channels) {
    const rgb = [data[i]!, data[i + 1]!, data[i + 2]!];
    const spread = Math.max(...rgb) - Math.min(...rgb);
    if (spread < 40) continue; // white, black and greys say nothing of the brand
    const near = groups.find((g) => distance(g.rgb, rgb) < 90);
    if (near) near.count += 1;
    else groups.push({ rgb, count: 1 });
  }
  const shades = groups.sort((a, b) => b.count - a.count).map((g) => readableShade(hex(g.rgb)));
  return [...new Set(shades)].slice(0, 3);
}
