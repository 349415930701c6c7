import {
  Button,
  Grid,
  Heading,
  HStack,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Table,
  VisuallyHidden,
} from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useDebounced } from '@/client/hooks/use-debounced';
import { useSelection } from '@/client/hooks/use-selection';
import { useEffect, useState } from 'react';
import { LuPlus, LuSearch, LuUpload } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { CsvExportMenu } from '@/client/components/CsvExportMenu';
import { FilterSheet } from '@/client/components/FilterSheet';
import { ResponsiveList } from '@/client/components/ResponsiveList';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import { toaster } from '@/client/shell/toaster';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { Shop } from '@/features/shop/client/shop.api';
import type { ProductSort, ProductStatus } from '../../product.schemas';
import { useListCategoriesQuery, useListProductsQuery, type ProductListArgs } from '../product.api';
import { PRODUCT_COLUMNS, ProductPage } from '../components/ProductRows';
import {
  activeProductFilters,
  ProductFilters,
  StackedProductFilters,
  type ProductFilterValues,
} from '../components/ProductFilters';
import { NoProductsYet } from '../components/NoProductsYet';
import { BulkBar } from '../components/BulkBar';
import { ImportDialog } from '../components/ImportDialog';
import { downloadProductsCsv } from '../csv-transfer';

function Products({ shop, canEdit, canAdjust }: { shop: Shop; canEdit: boolean; canAdjust: boolean }) {
  const isPhone = useIsPhone();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), 250);
  const [status, setStatus] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [stock, setStock] = useState('');
  // The home page's « Stock faible » link: /mes-produits?stock=low.
  const router = useRouter();
  const requestedStock = typeof router.query.stock === 'string' ? router.query.stock : '';
  useEffect(() => {
    if (requestedStock) setStock(requestedStock);
  }, [requestedStock]);
  const [sort, setSort] = useState<ProductSort>('recent');
  const [cursors, setCursors] = useState<string[]>([]);
  const { selected, toggle, clear: clearSelection } = useSelection();
  const [isImportOpen, setImportOpen] = useState(false);
  const categories = useListCategoriesQuery({ shopId: shop._id });

  const args: ProductListArgs = {
    shopId: shop._id,
    search: search || undefined,
    status: (status || undefined) as ProductStatus | undefined,
    categoryId: categoryId || undefined,
    stock: (stock || undefined) as ProductListArgs['stock'],
    sort,
  };
  const filterKey = JSON.stringify(args);
  // A new filter starts from the first page with nothing selected.
  useEffect(() => {
    setCursors([]);
    clearSelection();
  }, [filterKey, clearSelection]);

  async function exportCsv(separator: 'semicolon' | 'comma') {
    try {
      await downloadProductsCsv(args, separator);
    } catch {
      toaster.create({ title: 'L’export a échoué. Réessayez.', type: 'error', duration: 3500 });
    }
  }

  const pages = [undefined, ...cursors];
  const link = (path: string) => withShopId(path, shop._id);
  const filterValues: ProductFilterValues = { status, categoryId, stock, sort };
  function changeFilters(patch: Partial<ProductFilterValues>) {
    if (patch.status !== undefined) setStatus(patch.status);
    if (patch.categoryId !== undefined) setCategoryId(patch.categoryId);
    if (patch.stock !== undefined) setStock(patch.stock);
    if (patch.sort !== undefined) setSort(patch.sort);
  }
  const filterProps = { values: filterValues, onChange: changeFilters, categories: categories.data ?? [] };

  // With no filter, an empty first page (the list's own query) is an empty catalogue, unless
  // every product is archived: the list then says how to start, in the header's place.
  const isUnfiltered = !search && activeProductFilters(filterValues) === 0;
  const firstPage = useListProductsQuery(args, { skip: !isUnfiltered });
  const isFirstPageEmpty = isUnfiltered && firstPage.data?.items.length === 0;
  const archived = useListProductsQuery(
    { shopId: shop._id, status: 'archived', limit: 1 },
    { skip: !isFirstPageEmpty },
  );
  const isCatalogueEmpty = isFirstPageEmpty && archived.data?.items.length === 0;
  const searchField = (
    <InputGroup startElement={<LuSearch />} flex="1" gridColumn={{ base: 'span 2', xl: 'span 1' }}>
      <Input
        size={isPhone ? 'md' : 'sm'}
        placeholder="Nom, SKU ou code-barres"
        aria-label="Rechercher un produit"
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
      />
    </InputGroup>
  );

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Mes produits
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          {canAdjust ? (
            <Button asChild size="sm" variant="outline">
              <PageLink href={link('/mes-produits/inventaire')}>Inventaire</PageLink>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <PageLink href={link('/mes-produits/etiquettes')}>Étiquettes</PageLink>
          </Button>
          {canEdit && !isCatalogueEmpty ? (
            <Button size="sm" variant="outline" onClick={() => setImportOpen(true)}>
              <LuUpload /> Importer
            </Button>
          ) : null}
          <CsvExportMenu onExport={(separator) => void exportCsv(separator)} />
          {canEdit ? (
            <Button asChild size="sm" colorPalette="brand">
              <PageLink href={link('/mes-produits/nouveau')}>
                <LuPlus /> Nouveau produit
              </PageLink>
            </Button>
          ) : null}
        </HStack>
      </HStack>

      {isPhone ? (
        <HStack gap="2">
          {searchField}
          <FilterSheet
            activeCount={activeProductFilters(filterValues)}
            onClear={() => changeFilters({ status: '', categoryId: '', stock: '' })}
          >
            <StackedProductFilters {...filterProps} />
          </FilterSheet>
        </HStack>
      ) : (
        <Grid columns={{ base: 2, xl: 5 }} gap="3">
          {searchField}
          <ProductFilters {...filterProps} />
        </Grid>
      )}

      {selected.size > 0 && canEdit ? (
        <BulkBar
          shopId={shop._id}
          currency={shop.currency}
          selected={[...selected]}
          categories={categories.data ?? []}
          onDone={clearSelection}
        />
      ) : null}

      <ResponsiveList
        testId="products-list"
        columns={PRODUCT_COLUMNS}
        interactive
        header={
          <>
            <Table.ColumnHeader w="10">
              <VisuallyHidden>Sélection</VisuallyHidden>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Produit</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>Statut</Table.ColumnHeader>
            <Table.ColumnHeader>Stock</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Prix</Table.ColumnHeader>
          </>
        }
      >
        {pages.map((after, index) => (
          <ProductPage
            key={`${filterKey}-${after ?? 'first'}`}
            args={{ ...args, after }}
            currency={shop.currency}
            selected={selected}
            onToggle={toggle}
            onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
            empty={
              !isFirstPageEmpty ? undefined : archived.data ? (
                <NoProductsYet
                  shopId={shop._id}
                  hasArchived={archived.data.items.length > 0}
                  canEdit={canEdit}
                  onImport={() => setImportOpen(true)}
                />
              ) : (
                <Skeleton h="24" />
              )
            }
          />
        ))}
      </ResponsiveList>
      {canEdit ? (
        <ImportDialog shopId={shop._id} isOpen={isImportOpen} onClose={() => setImportOpen(false)} />
      ) : null}
    </Stack>
  );
}

/** /mes-produits: the catalogue (SPEC §2: hidden from the cashier). */
export function ProductsScreen() {
  return (
    <AppShell capability="products:view" quotaPage="products">
      {({ shop, role }) =>
        shop ? (
          <Products shop={shop} canEdit={can(role, 'products:edit')} canAdjust={can(role, 'stock:adjust')} />
        ) : null
      }
    </AppShell>
  );
}
