import { describe, expect, it } from 'vitest';
import {
  SERP_DESCRIPTION_LENGTH,
  SERP_TITLE_LENGTH,
  characterCount,
  serpUrlLine,
  textOfHtml,
  truncateForSerp,
} from '@/shared/seo-preview';

describe('truncateForSerp', () => {
  it('leaves a text that fits as it is, spaces collapsed', () => {
    expect(truncateForSerp('Robe wax été', 60)).toBe('Robe wax été');
    expect(truncateForSerp('  Robe \n wax\t été  ', 60)).toBe('Robe wax été');
    expect(truncateForSerp('', 60)).toBe('');
    const exactly = 'a'.repeat(SERP_TITLE_LENGTH);
    expect(truncateForSerp(exactly, SERP_TITLE_LENGTH)).toBe(exactly);
  });

  it('cuts a longer text at the last whole word, with an ellipsis, within the maximum', () => {
    const title = 'Robe wax en coton imprimé, coupe ample, taille unique, livrée à Dakar en 24 heures';
    const shown = truncateForSerp(title, SERP_TITLE_LENGTH);
    expect(shown.endsWith('…')).toBe(true);
    expect(Array.from(shown).length).toBeLessThanOrEqual(SERP_TITLE_LENGTH);
    expect(shown).toBe('Robe wax en coton imprimé, coupe ample, taille unique…');
    expect(title.startsWith(shown.slice(0, -1))).toBe(true);
  });

  it('drops the punctuation left before the ellipsis', () => {
    expect(truncateForSerp('Pagne tissé, bleu indigo, fait main', 16)).toBe('Pagne tissé…');
  });

  it('cuts inside a word too long to keep whole, and never splits an emoji', () => {
    expect(truncateForSerp('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    const emojis = '🌍'.repeat(20);
    const shown = truncateForSerp(emojis, 5);
    expect(shown).toBe('🌍🌍🌍🌍…');
    expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('keeps no-break spaces (French punctuation stays with its word)', () => {
    expect(truncateForSerp('Livraison offerte\u00a0!', 60)).toBe('Livraison offerte\u00a0!');
  });

  it('holds to tiny maximums', () => {
    expect(truncateForSerp('Bonjour', 1)).toBe('…');
    expect(truncateForSerp('Bonjour', 0)).toBe('');
  });

  it('cuts a long description at 160 characters', () => {
    const description = `${'Tissu africain de qualité '.repeat(10)}fin`;
    const shown = truncateForSerp(description, SERP_DESCRIPTION_LENGTH);
    expect(Array.from(shown).length).toBeLessThanOrEqual(SERP_DESCRIPTION_LENGTH);
    expect(shown.endsWith('qualité…')).toBe(true);
  });
});

describe('the other preview helpers', () => {
  it('reads a description’s words out of its HTML', () => {
    expect(textOfHtml('<p>Robe <strong>wax</strong></p><p>Prix&nbsp;: 12&#160;500 &amp; plus</p>')).toBe(
      'Robe wax Prix\u00a0: 12\u00a0500 & plus',
    );
    expect(textOfHtml('<ul><li>Coton</li><li>Lin</li></ul>')).toBe('Coton Lin');
    expect(textOfHtml('')).toBe('');
  });

  it('writes the address line as Google does', () => {
    expect(serpUrlLine('https://comptoir.example/boutique-awa/p/robe-wax')).toBe(
      'comptoir.example › boutique-awa › p › robe-wax',
    );
    expect(serpUrlLine('https://awa.sn/')).toBe('awa.sn');
    expect(serpUrlLine('/boutique-awa/p/robe-wax')).toBe('boutique-awa › p › robe-wax');
  });

  it('counts what the server counts: the text trimmed', () => {
    expect(characterCount('  Robe wax  ')).toBe(8);
  });
});
