import { placeKey, placeSpelling } from '@/shared/places';

/*
 * Communes as « Par commune » counts them. A delivery address's commune is typed by hand, so one
 * commune comes in several spellings (« Médina », « medina », « Grand-Yoff », « grand  yoff »): the
 * roll-up keeps each spelling (spaces tidied), and the report puts together the spellings that only
 * differ by case, accents, hyphens or spaces, under the spelling most of their orders carry. Names
 * that differ otherwise (« Plateau », « Dakar-Plateau ») stay apart: no list of communes is assumed.
 */

/** The row of the orders without a delivery address (till sales, orders taken on the spot). */
export const NO_COMMUNE_KEY = 'sans-adresse';
export const NO_COMMUNE_LABEL = 'Sans adresse de livraison';

/** A commune as the roll-up keeps it: its spelling tidied (spaces), '' for none. */
export const communeSpelling = placeSpelling;

/** The key the spellings of one commune share (`placeKey`); `NO_COMMUNE_KEY` for none. */
export function communeKey(raw: string): string {
  return placeKey(raw) || NO_COMMUNE_KEY;
}
