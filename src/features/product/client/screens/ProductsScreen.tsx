import { Button, Heading, HStack, Input, InputGroup, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useDebounced } from '@/client/hooks/use-debounced';
import { useEffect, useState } from 'react';
import { LuPlus, LuSearch, LuUpload } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { FilterSelect } from '@/client/components/FilterSelect';
import { CsvExportMenu } from '@/client/components/CsvExportMenu';
import { toaster } from '@/client/shell/toaster';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { Shop } from '@/features/shop/client/shop.api';
import {
  PRODUCT_STATUSES,
  PRODUCT_STATUS_LABELS,
  type ProductSort,
  type ProductStatus,
} from '../../product.schemas';
import { useListCategoriesQuery, type ProductListArgs } from '../product.api';
import { ProductPage } from '../components/ProductRows';
import { BulkBar } from '../components/BulkBar';
import { ImportDialog } from '../components/ImportDialog';
import { downloadProductsCsv } from '../csv-transfer';

const SORT_LABELS: Record<ProductSort, string> = {
  recent: 'Plus récents',
  name: 'Nom (A → Z)',
  name_desc: 'Nom (Z → A)',
  price: 'Prix croissant',
  price_desc: 'Prix décroissant',
  stock: 'Stock croissant',
  stock_desc: 'Stock décroissant',
};

function Products({ shop, canEdit, canAdjust }: { shop: Shop; canEdit: boolean; canAdjust: boolean }) {
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
  const [selected, setSelected] = useState<Set<string>>(new Set());
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
    setSelected(new Set());
  }, [filterKey]);

  async function exportCsv(separator: 'semicolon' | 'comma') {
    try {
      await downloadProductsCsv(args, separator);
    } catch {
      toaster.create({ title: 'L’export a échoué. Réessayez.', type: 'error', duration: 3500 });
    }
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pages = [undefined, ...cursors];
  const link = (path: string) => withShopId(path, shop._id);

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Mes produits
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          {canAdjust ? (
            <Button asChild size="sm" variant="outline">
              <NextLink href={link('/mes-produits/inventaire')}>Inventaire</NextLink>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <NextLink href={link('/mes-produits/etiquettes')}>Étiquettes</NextLink>
          </Button>
          {canEdit ? (
            <Button size="sm" variant="outline" onClick={() => setImportOpen(true)}>
              <LuUpload /> Importer
            </Button>
          ) : null}
          <CsvExportMenu onExport={(separator) => void exportCsv(separator)} />
          {canEdit ? (
            <Button asChild size="sm" colorPalette="brand">
              <NextLink href={link('/mes-produits/nouveau')}>
                <LuPlus /> Nouveau produit
              </NextLink>
            </Button>
          ) : null}
        </HStack>
      </HStack>

      <SimpleGrid columns={{ base: 2, xl: 5 }} gap="3">
        <InputGroup startElement={<LuSearch />} gridColumn={{ base: 'span 2', xl: 'span 1' }}>
          <Input
            size="sm"
            placeholder="Nom, SKU ou code-barres"
            aria-label="Rechercher un produit"
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
          />
        </InputGroup>
        <FilterSelect
          label="Statut"
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: 'Actifs et brouillons' },
            ...PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] })),
          ]}
        />
        <FilterSelect
          label="Catégorie"
          value={categoryId}
          onChange={setCategoryId}
          options={[
            { value: '', label: 'Toutes les catégories' },
            ...(categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
        <FilterSelect
          label="Stock"
          value={stock}
          onChange={setStock}
          options={[
            { value: '', label: 'Tout le stock' },
            { value: 'out', label: 'En rupture' },
            { value: 'low', label: 'Stock faible' },
            { value: 'available', label: 'Disponible' },
          ]}
        />
        <FilterSelect
          label="Tri"
          value={sort}
          onChange={(v) => setSort(v as ProductSort)}
          options={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </SimpleGrid>

      {selected.size > 0 && canEdit ? (
        <BulkBar
          shopId={shop._id}
          currency={shop.currency}
          selected={[...selected]}
          categories={categories.data ?? []}
          onDone={() => setSelected(new Set())}
        />
      ) : null}

      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10" aria-label="Sélection" />
              <Table.ColumnHeader>Produit</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>Statut</Table.ColumnHeader>
              <Table.ColumnHeader>Stock</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Prix</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pages.map((after, index) => (
              <ProductPage
                key={`${filterKey}-${after ?? 'first'}`}
                args={{ ...args, after }}
                currency={shop.currency}
                selected={selected}
                onToggle={toggle}
                onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
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
