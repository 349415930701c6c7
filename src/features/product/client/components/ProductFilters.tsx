import { Grid } from '@/client/ui';
import { FilterSelect } from '@/client/components/FilterSelect';
import { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS } from '../../product.constants';
import type { ProductSort } from '../../product.schemas';

const SORT_LABELS: Record<ProductSort, string> = {
  recent: 'Plus récents',
  name: 'Nom (A → Z)',
  name_desc: 'Nom (Z → A)',
  price: 'Prix croissant',
  price_desc: 'Prix décroissant',
  stock: 'Stock croissant',
  stock_desc: 'Stock décroissant',
};

export interface ProductFilterValues {
  status: string;
  categoryId: string;
  stock: string;
  sort: ProductSort;
}

/** How many filters narrow the list (the sort is not one). */
export function activeProductFilters(values: ProductFilterValues): number {
  return [values.status, values.categoryId, values.stock].filter(Boolean).length;
}

/** The list's filters and sort: in the toolbar's grid, or alone in the phone's sheet. */
export function ProductFilters(props: {
  values: ProductFilterValues;
  onChange: (patch: Partial<ProductFilterValues>) => void;
  categories: Array<{ _id: string; name: string }>;
}) {
  const { values, onChange } = props;
  return (
    <>
      <FilterSelect
        label="Statut"
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={[
          { value: '', label: 'Actifs et brouillons' },
          ...PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] })),
        ]}
      />
      <FilterSelect
        label="Catégorie"
        value={values.categoryId}
        onChange={(categoryId) => onChange({ categoryId })}
        options={[
          { value: '', label: 'Toutes les catégories' },
          ...props.categories.map((c) => ({ value: c._id, label: c.name })),
        ]}
      />
      <FilterSelect
        label="Stock"
        value={values.stock}
        onChange={(stock) => onChange({ stock })}
        options={[
          { value: '', label: 'Tout le stock' },
          { value: 'out', label: 'En rupture' },
          { value: 'low', label: 'Stock faible' },
          { value: 'available', label: 'Disponible' },
        ]}
      />
      <FilterSelect
        label="Tri"
        value={values.sort}
        onChange={(v) => onChange({ sort: v as ProductSort })}
        options={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
      />
    </>
  );
}

/** The filters stacked, for the phone's sheet. */
export function StackedProductFilters(props: Parameters<typeof ProductFilters>[0]) {
  return (
    <Grid columns={1} gap="3">
      <ProductFilters {...props} />
    </Grid>
  );
}
