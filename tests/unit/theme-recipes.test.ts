import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from '@/client/theme';

/*
 * The theme carries only the recipes of the Chakra components the app imports (src/client/theme-config.ts):
 * a component used without its recipe would draw unstyled. This reads every Chakra import under
 * src/, follows each component into Chakra's own files (a checkbox draws a checkmark), and checks
 * that every recipe they ask for, where Chakra's default theme has one, is in ours.
 */

const CHAKRA = path.resolve('node_modules/@chakra-ui/react/dist/esm');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The names the app imports from '@chakra-ui/react'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(path.resolve('src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, list] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const part of list!.split(','))
        if (part.trim() && !part.trim().startsWith('type ')) names.add(part.trim().split(/\s+as\s+/)[0]!);
  }
  return names;
}

/** Where Chakra's index takes each exported name from (a file, or a component's namespace file). */
function exportSources(): Map<string, string> {
  const index = readFileSync(path.join(CHAKRA, 'index.js'), 'utf8');
  const sources = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const [, alias, from] of index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g))
    namespaces.set(alias!, from!);
  for (const [, list, from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of list!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      const source = from ?? namespaces.get(local!);
      if (source?.startsWith('.')) sources.set(exported!, path.join(CHAKRA, source));
    }
  }
  return sources;
}

/** The recipe keys a component's files ask for, following its imports of other components. */
function recipeKeys(entry: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(entry)) return keys;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const [, key] of text.matchAll(/key: "(\w+)"/g)) keys.add(key!);
  for (const [, relative] of text.matchAll(/from '(\.[^']+)'/g)) {
    const next = path.resolve(path.dirname(entry), relative!);
    if (next.startsWith(path.join(CHAKRA, 'components')))
      for (const key of recipeKeys(next, seen)) keys.add(key);
  }
  return keys;
}

describe('the theme', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const sources = exportSources();
    const asked = new Map<string, string>();
    for (const name of importedNames()) {
      const source = sources.get(name);
      if (!source) continue;
      for (const key of recipeKeys(source)) asked.set(key, name);
    }
    // The walk finds what it should: a checkbox's checkmark, a button's own recipe.
    expect(asked.get('checkmark')).toBe('Checkbox');
    expect(asked.has('button')).toBe(true);
    const missing = [...asked]
      .filter(([key]) => defaultSystem.hasRecipe(key) && !system.hasRecipe(key))
      .map(([key, name]) => `${key} (${name})`);
    expect(missing).toEqual([]);
  });

  it('keeps every token of Chakra’s default theme, read from its files one by one', () => {
    const names = (s: typeof system) => new Set(s.tokens.allTokens.map((t) => t.name));
    const ours = names(system);
    expect([...names(defaultSystem)].filter((name) => !ours.has(name))).toEqual([]);
    expect(ours.has('colors.brand.600')).toBe(true);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(defaultSystem.hasRecipe('treeView')).toBe(true);
    expect(system.hasRecipe('treeView')).toBe(false);
  });
});
