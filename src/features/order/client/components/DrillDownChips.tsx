import { HStack, Tag, Text } from '@/client/ui';
import type { TOrderFilters } from '../../order.schemas';

/** The filters only Statistiques sets (a row's orders), each with the word that names it. */
export const DRILL_DOWN_FILTERS = {
  clientId: 'Client',
  productId: 'Produit',
  variantId: 'Variante',
  categoryId: 'Catégorie',
  discountId: 'Réduction',
  commune: 'Commune',
} as const satisfies Partial<Record<keyof TOrderFilters, string>>;
/** Said when the link did not bring the name (a saved view reopened later). */
const UNNAMED: Record<keyof typeof DRILL_DOWN_FILTERS, string> = {
  clientId: 'client choisi',
  productId: 'produit choisi',
  variantId: 'variante choisie',
  categoryId: 'catégorie choisie',
  discountId: 'réduction choisie',
  commune: '',
};
export type DrillDownKey = keyof typeof DRILL_DOWN_FILTERS;
export const DRILL_DOWN_KEYS = Object.keys(DRILL_DOWN_FILTERS) as DrillDownKey[];

/**
 * The drill-down filters in force, as removable tags: « Produit : Café Touba 250 g ». The name
 * comes with the link (`libelle`); a saved view reopened later says « Produit : produit choisi »
 * (a commune says itself).
 */
export function DrillDownChips({
  filters,
  label,
  onRemove,
}: {
  filters: TOrderFilters;
  label: string | null;
  onRemove: (key: DrillDownKey) => void;
}) {
  const active = DRILL_DOWN_KEYS.filter((key) => filters[key]);
  if (active.length === 0) return null;
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="drill-down-filters">
      <Text fontSize="sm" color="fg.muted">
        Depuis Statistiques :
      </Text>
      {active.map((key) => (
        <Tag.Root key={key} size="lg" variant="subtle" colorPalette="blue" maxW="full">
          <Tag.Label>
            {DRILL_DOWN_FILTERS[key]}
            {'\u00a0'}: {label && active.length === 1 ? label : UNNAMED[key] || filters[key]}
          </Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger
              aria-label={`Retirer le filtre ${DRILL_DOWN_FILTERS[key]}`}
              onClick={() => onRemove(key)}
            />
          </Tag.EndElement>
        </Tag.Root>
      ))}
    </HStack>
  );
}
