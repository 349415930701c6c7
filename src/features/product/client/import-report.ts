// The import's report in French sentences: counts with their plurals, the layout, the images.
import { IMPORT_LAYOUT_LABELS } from '../product-csv.constants';
import type { CsvImportReport } from '../product-csv.schemas';
import { formatCount } from '@/shared/numbers';

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n > 1 ? many : one}`;

/** « 3 produits à créer, 1 produit à mettre à jour, 2 produits inchangés » (before) or « … créés, … » (after). */
export function importCountsText(report: CsvImportReport, when: 'preview' | 'done'): string {
  const parts =
    when === 'preview'
      ? [
          report.created > 0 && count(report.created, 'produit à créer', 'produits à créer'),
          report.updated > 0 && count(report.updated, 'produit à mettre à jour', 'produits à mettre à jour'),
          report.unchanged > 0 && count(report.unchanged, 'produit inchangé', 'produits inchangés'),
          report.skipped > 0 &&
            `${count(report.skipped, 'produit ignoré', 'produits ignorés')} (erreurs ci-dessous)`,
        ]
      : [
          report.created > 0 && count(report.created, 'produit créé', 'produits créés'),
          report.updated > 0 && count(report.updated, 'produit mis à jour', 'produits mis à jour'),
          report.unchanged > 0 && count(report.unchanged, 'produit inchangé', 'produits inchangés'),
          report.skipped > 0 && count(report.skipped, 'produit ignoré', 'produits ignorés'),
        ];
  const said = parts.filter((p): p is string => Boolean(p));
  return said.length ? `${said.join(', ')}.` : 'Aucun produit dans ce fichier.';
}

/** True when the file only describes products as they already are: nothing to write, nothing wrong. */
export function isAlreadyUpToDate(report: CsvImportReport): boolean {
  return report.created === 0 && report.updated === 0 && report.unchanged > 0;
}

/** « Format reconnu : Shopify », or the mapping the merchant gave. */
export function layoutText(layout: CsvImportReport['layout']): string {
  return layout === 'manual'
    ? `Format\u00a0: ${IMPORT_LAYOUT_LABELS.manual}`
    : `Format reconnu\u00a0: ${IMPORT_LAYOUT_LABELS[layout]}`;
}

/** The images the file gives but the import never fetches, as one sentence. */
export function imagesText(report: CsvImportReport): string | null {
  const total = report.images.reduce((sum, p) => sum + p.urls.length, 0);
  if (total === 0) return null;
  return total > 1
    ? `${formatCount(total)} images n’ont pas été importées\u00a0: les images ne sont jamais téléchargées depuis le fichier. Ajoutez-les de nouveau sur chaque produit.`
    : '1 image n’a pas été importée\u00a0: les images ne sont jamais téléchargées depuis le fichier. Ajoutez-la de nouveau sur son produit.';
}

/** « Boubou brodé (ligne 2) : 3 images ». */
export function productImagesText(entry: CsvImportReport['images'][number]): string {
  return `${entry.product} (ligne ${entry.row})\u00a0: ${count(entry.urls.length, 'image', 'images')}`;
}
