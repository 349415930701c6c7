import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, shopSlugError } from '@/features/shop/shop-slug';
import { MODULES_MENU, SETTINGS_MENU } from '@/shared/navigation';

/** A top-level path segment the app answers itself: a page, a folder of pages, a public file. */
function topLevelNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith('_'))
    .map((name) => name.replace(/\.tsx?$/, ''));
}

describe('shop slugs', () => {
  it('can never be one of the app’s own pages, folders or public files', () => {
    const root = path.resolve(__dirname, '../..');
    const names = [
      ...topLevelNames(path.join(root, 'src/pages')),
      ...fs.readdirSync(path.join(root, 'public')),
      ...[...MODULES_MENU, ...SETTINGS_MENU].map((entry) => entry.href.split(/[/?]/)[1]!),
    ];
    expect(names.filter((name) => !RESERVED_SLUGS.has(name))).toEqual([]);
  });

  it('says why a slug is refused, in French', () => {
    expect(shopSlugError('boutique-awa')).toBeNull();
    expect(shopSlugError('mes-commandes')).toContain('réservé');
    expect(shopSlugError('Awa')).toContain('lettres minuscules');
    expect(shopSlugError('-awa')).toContain('sans tiret au début');
    expect(shopSlugError('a')).not.toBeNull();
  });
});
