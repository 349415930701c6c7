import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, useListLayout } from '@/client/components/ResponsiveList';
import { Badge, Box, Checkbox, HStack, Image, LinkOverlay, Stack, Table, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { memo, useDeferredValue, type ReactNode } from 'react';
import { LuPackage } from 'react-icons/lu';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { PRODUCT_STATUS_LABELS } from '../../product.constants';
import { useListProductsQuery, type ProductListArgs, type ProductSummary } from '../product.api';

const STATUS_COLORS = { active: 'green', draft: 'gray', archived: 'orange' } as const;

export function StockFigure({
  product,
}: {
  product: Pick<ProductSummary, 'trackStock' | 'stockTotal' | 'lowStockThreshold'>;
}) {
  if (!product.trackStock) return <Text color="fg.muted">Non suivi</Text>;
  const color =
    product.stockTotal <= 0
      ? 'fg.error'
      : product.stockTotal <= product.lowStockThreshold
        ? 'fg.warning'
        : undefined;
  return (
    <Text color={color} fontWeight={color ? 'semibold' : undefined} data-testid="stock-figure">
      {product.stockTotal <= 0 ? 'Rupture' : `${product.stockTotal} en stock`}
    </Text>
  );
}

function Thumbnail({ url }: { url: string | null }) {
  return (
    <Box
      boxSize="10"
      rounded="md"
      overflow="hidden"
      bg="bg.muted"
      flexShrink={0}
      display="grid"
      placeItems="center"
    >
      {url ? <Image src={url} alt="" boxSize="10" objectFit="cover" loading="lazy" /> : <LuPackage />}
    </Box>
  );
}

function price(product: ProductSummary, currency: string) {
  return product.priceMin === product.priceMax
    ? formatMoney(product.priceMin, currency)
    : `${formatMoney(product.priceMin, currency)} – ${formatMoney(product.priceMax, currency)}`;
}

export const PRODUCT_COLUMNS = 5;

function codes(product: ProductSummary): string {
  return (
    (product.variantsCount > 1 ? `${product.variantsCount} variantes` : (product.sku ?? 'Sans SKU')) +
    (product.barcode && product.variantsCount === 1 ? ` · ${product.barcode}` : '')
  );
}

interface RowProps {
  product: ProductSummary;
  href: string;
  currency: string;
  isSelected: boolean;
  onToggle: (id: string, on: boolean) => void;
}

function SelectBox({ product, isSelected, onToggle }: Pick<RowProps, 'product' | 'isSelected' | 'onToggle'>) {
  return (
    <Checkbox.Root
      size="sm"
      checked={isSelected}
      onCheckedChange={(e) => onToggle(product._id, !!e.checked)}
      aria-label={`Sélectionner ${product.name}`}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function StatusBadge({ product }: { product: ProductSummary }) {
  return <Badge colorPalette={STATUS_COLORS[product.status]}>{PRODUCT_STATUS_LABELS[product.status]}</Badge>;
}

/* Memoised, as the orders' rows are: the screen draws itself again as each of its queries answers. */
const ProductRow = memo(function ProductRow(props: RowProps) {
  const { product } = props;
  return (
    <Table.Row data-testid="product-row" data-selected={props.isSelected || undefined}>
      <Table.Cell w="10">
        <SelectBox {...props} />
      </Table.Cell>
      <Table.Cell>
        <HStack gap="3">
          <Thumbnail url={product.coverUrl} />
          <Stack gap="0" minW="0">
            <PageLink href={props.href}>
              <Text fontWeight="medium" _hover={{ textDecoration: 'underline' }} lineClamp={1}>
                {product.name}
              </Text>
            </PageLink>
            <Text fontSize="xs" color="fg.muted">
              {codes(product)}
            </Text>
          </Stack>
        </HStack>
      </Table.Cell>
      <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
        <StatusBadge product={product} />
      </Table.Cell>
      <Table.Cell>
        <StockFigure product={product} />
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {price(product, props.currency)}
      </Table.Cell>
    </Table.Row>
  );
});

/** A product on a phone: the card opens it; its checkbox still selects it for the bulk actions. */
const ProductCard = memo(function ProductCard(props: RowProps) {
  const { product } = props;
  return (
    <ListCard
      data-testid="product-row"
      data-selected={props.isSelected || undefined}
      bg={props.isSelected ? 'brand.subtle' : 'bg'}
    >
      <HStack align="flex-start" gap="3">
        <Stack pt="0.5">
          <SelectBox {...props} />
        </Stack>
        <Thumbnail url={product.coverUrl} />
        <Stack gap="1" flex="1" minW="0">
          <HStack justify="space-between" align="flex-start" gap="2">
            <LinkOverlay asChild>
              <PageLink href={props.href}>
                <Text as="span" fontWeight="medium" lineClamp={2}>
                  {product.name}
                </Text>
              </PageLink>
            </LinkOverlay>
            <Text fontWeight="semibold" textAlign="end" flexShrink={0} maxW="45%">
              {price(product, props.currency)}
            </Text>
          </HStack>
          <Text fontSize="xs" color="fg.muted" truncate>
            {codes(product)}
          </Text>
          <HStack gap="2" fontSize="sm" flexWrap="wrap">
            <StatusBadge product={product} />
            <StockFigure product={product} />
          </HStack>
        </Stack>
      </HStack>
    </ListCard>
  );
});

export interface PageProps {
  args: ProductListArgs;
  currency: string;
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onMore?: (cursor: string) => void;
  /** What an empty first page says (the catalogue's first steps when no filter hides anything). */
  empty?: ReactNode;
}

/** One page of the keyset-paginated list; the last page offers « Afficher plus ». */
export function ProductPage({ args, currency, selected, onToggle, onMore, empty }: PageProps) {
  const { layout } = useListLayout();
  const page = useListProductsQuery(args);
  // Drawn in the background, in slices, as the orders' rows are; the skeleton stays till then.
  const data = useDeferredValue(page.data);
  if (page.isLoading || (page.data && !data)) return <LoadingRow />;
  const items = data?.items ?? [];
  const Row = layout === 'cards' ? ProductCard : ProductRow;
  return (
    <>
      {items.map((product) => (
        <Row
          key={product._id}
          product={product}
          href={withShopId(`/mes-produits/${product._id}`, args.shopId)}
          currency={currency}
          isSelected={selected.has(product._id)}
          onToggle={onToggle}
        />
      ))}
      {!args.after && items.length === 0 ? (
        <ListMessage>
          {empty ?? (
            <Text color="fg.muted" py="6" textAlign="center">
              Aucun produit ne correspond.
            </Text>
          )}
        </ListMessage>
      ) : null}
      <MoreRow cursor={data?.nextCursor} onMore={onMore} />
    </>
  );
}
