import { Badge, Button, Heading, HStack, Input, InputGroup, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { EmptyListState } from '@/client/components/EmptyListState';
import { useDebounced } from '@/client/hooks/use-debounced';
import { useEffect, useState } from 'react';
import { LuArrowLeft, LuClipboardList, LuPlus, LuSearch } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { Shop } from '@/features/shop/client/shop.api';
import {
  useInventoryCountMutation,
  useListProductsQuery,
  type ProductSummary,
  type Variant,
} from '../product.api';

type Counted = Record<string, { counted: string; before: number; label: string }>;

const labelOf = (product: ProductSummary, variant: Variant) =>
  variant.title ? `${product.name} — ${variant.title}` : product.name;

function Difference({ value }: { value: number | null }) {
  if (value === null || Number.isNaN(value)) return <>—</>;
  return (
    <Badge colorPalette={value === 0 ? 'gray' : value > 0 ? 'green' : 'red'}>
      {value > 0 ? `+${value}` : value}
    </Badge>
  );
}

/** Nothing to count: an empty catalogue says where products come from; a search, that none match. */
function NothingToCount({ shopId, search, canEdit }: { shopId: string; search: string; canEdit: boolean }) {
  if (search)
    return (
      <Text color="fg.muted" py="6" textAlign="center">
        Aucun article ne correspond.
      </Text>
    );
  return (
    <EmptyListState
      icon={<LuClipboardList />}
      title="Aucun article à compter"
      description="L’inventaire compte le stock des produits du catalogue : ajoutez vos produits, puis revenez saisir les quantités comptées."
      actions={
        canEdit ? (
          <Button asChild colorPalette="brand" size="sm">
            <PageLink href={withShopId('/mes-produits/nouveau', shopId)}>
              <LuPlus /> Ajouter un produit
            </PageLink>
          </Button>
        ) : null
      }
    />
  );
}

function CountRows(props: {
  shopId: string;
  search: string;
  canEdit: boolean;
  after?: string;
  counted: Counted;
  onCount: (variant: Variant, label: string, value: string) => void;
  onMore?: (cursor: string) => void;
}) {
  const page = useListProductsQuery({
    shopId: props.shopId,
    search: props.search || undefined,
    sort: 'name',
    withVariants: true,
    after: props.after,
  });
  const { layout } = useListLayout();
  if (page.isLoading) return <LoadingRow />;
  const items = page.data?.items ?? [];
  return (
    <>
      {!props.after && items.length === 0 ? (
        <ListMessage>
          <NothingToCount shopId={props.shopId} search={props.search} canEdit={props.canEdit} />
        </ListMessage>
      ) : null}
      {items.flatMap((product) =>
        (product.variants ?? []).map((variant) => {
          const entry = props.counted[variant._id];
          const counted = entry?.counted ?? '';
          const difference = counted.trim() === '' ? null : Number(counted) - variant.stock;
          const label = labelOf(product, variant);
          const field = (
            <Input
              size={layout === 'cards' ? 'md' : 'sm'}
              inputMode="numeric"
              aria-label={`Quantité comptée (${label})`}
              value={counted}
              onChange={(e) => props.onCount(variant, label, e.currentTarget.value)}
            />
          );
          const codes = [variant.sku, variant.barcode].filter(Boolean).join(' · ') || 'Sans code';
          if (layout === 'cards')
            return (
              <ListCard key={variant._id} data-testid="inventory-row">
                <Stack gap="2">
                  <Stack gap="0">
                    <Text fontWeight="medium">{label}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {codes}
                    </Text>
                  </Stack>
                  <HStack gap="3">
                    <Text fontSize="sm" flexShrink={0} minW="24">
                      En stock <b>{variant.stock}</b>
                    </Text>
                    <HStack gap="2" flex="1" minW="0">
                      <Text fontSize="sm" color="fg.muted">
                        Compté
                      </Text>
                      {field}
                    </HStack>
                    <Difference value={difference} />
                  </HStack>
                </Stack>
              </ListCard>
            );
          return (
            <Table.Row key={variant._id} data-testid="inventory-row">
              <Table.Cell>
                <Text fontWeight="medium">{label}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {codes}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">{variant.stock}</Table.Cell>
              <Table.Cell w="32">{field}</Table.Cell>
              <Table.Cell textAlign="end">
                <Difference value={difference} />
              </Table.Cell>
            </Table.Row>
          );
        }),
      )}
      <MoreRow cursor={page.data?.nextCursor} onMore={props.onMore} />
    </>
  );
}

function Inventory({ shop, canEdit }: { shop: Shop; canEdit: boolean }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const [cursors, setCursors] = useState<string[]>([]);
  const [counted, setCounted] = useState<Counted>({});
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [apply, { isLoading }] = useInventoryCountMutation();
  useEffect(() => setCursors([]), [search]);

  const entries = Object.entries(counted).filter(([, e]) => /^\d+$/.test(e.counted.trim()));
  const invalid = Object.values(counted).some(
    (e) => e.counted.trim() !== '' && !/^\d+$/.test(e.counted.trim()),
  );
  const differences = entries.filter(([, e]) => Number(e.counted) !== e.before);

  async function confirm() {
    try {
      const result = await apply({
        shopId: shop._id,
        counts: entries.map(([variantId, e]) => ({ variantId, counted: Number(e.counted) })),
      }).unwrap();
      const changed = result.filter((r) => r.difference !== 0).length;
      toaster.create({
        title: `Inventaire appliqué : ${changed} écart${changed > 1 ? 's' : ''} enregistré${changed > 1 ? 's' : ''}.`,
        type: 'success',
        duration: 4000,
      });
      setCounted({});
    } catch (error) {
      toaster.create({
        title: 'Inventaire refusé',
        description: error instanceof ApiError ? error.message : undefined,
        type: 'error',
        duration: 5000,
      });
    } finally {
      setConfirmOpen(false);
    }
  }

  const pages = [undefined, ...cursors];
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Button asChild variant="ghost" size="xs" alignSelf="flex-start" px="0">
          <PageLink href={withShopId('/mes-produits', shop._id)}>
            <LuArrowLeft /> Mes produits
          </PageLink>
        </Button>
        <Heading as="h1" size="2xl">
          Inventaire
        </Heading>
        <Text color="fg.muted">
          Saisissez les quantités comptées, vérifiez les écarts, puis appliquez-les en une fois. Les lignes
          laissées vides ne changent pas.
        </Text>
      </Stack>
      <HStack
        justify="space-between"
        flexWrap="wrap"
        gap="3"
        position="sticky"
        top="14"
        bg="bg"
        py="2"
        zIndex="docked"
      >
        <InputGroup startElement={<LuSearch />} maxW="md">
          <Input
            size="sm"
            placeholder="Nom, SKU ou code-barres"
            aria-label="Rechercher un produit"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </InputGroup>
        <HStack>
          <Text fontSize="sm" data-testid="inventory-summary">
            {entries.length} comptée{entries.length > 1 ? 's' : ''}, {differences.length} écart
            {differences.length > 1 ? 's' : ''}
          </Text>
          <Button
            colorPalette="brand"
            size="sm"
            disabled={entries.length === 0 || invalid}
            onClick={() => setConfirmOpen(true)}
          >
            Appliquer l’inventaire
          </Button>
        </HStack>
      </HStack>
      {invalid ? (
        <Text color="fg.error">Une quantité comptée doit être un nombre entier positif.</Text>
      ) : null}
      <ResponsiveList
        testId="inventory-list"
        columns={4}
        header={
          <>
            <Table.ColumnHeader>Article</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">En stock</Table.ColumnHeader>
            <Table.ColumnHeader>Compté</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Écart</Table.ColumnHeader>
          </>
        }
      >
        {pages.map((after, i) => (
          <CountRows
            key={`${search}-${after ?? 'first'}`}
            shopId={shop._id}
            search={search}
            canEdit={canEdit}
            after={after}
            counted={counted}
            onCount={(variant, label, value) =>
              setCounted((c) => ({
                ...c,
                [variant._id]: { counted: value, before: variant.stock, label },
              }))
            }
            onMore={i === pages.length - 1 ? (c) => setCursors((l) => [...l, c]) : undefined}
          />
        ))}
      </ResponsiveList>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void confirm()}
        title="Demande de confirmation"
        confirmLabel="Appliquer"
        colorPalette="brand"
        isLoading={isLoading}
      >
        {differences.length} écart{differences.length > 1 ? 's' : ''} de stock ser
        {differences.length > 1 ? 'ont' : 'a'} enregistré
        {differences.length > 1 ? 's' : ''} comme mouvements « Inventaire ».
      </ConfirmDialog>
    </Stack>
  );
}

/** /mes-produits/inventaire: the full count mode. */
export function InventoryScreen() {
  return (
    <AppShell capability="stock:adjust">
      {({ shop, role }) => (shop ? <Inventory shop={shop} canEdit={can(role, 'products:edit')} /> : null)}
    </AppShell>
  );
}
