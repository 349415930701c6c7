import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { Badge, Box, Checkbox, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import NextLink from 'next/link';
import { LuPackage } from 'react-icons/lu';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { PRODUCT_STATUS_LABELS } from '../../product.schemas';
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
        ? 'orange.600'
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

export interface PageProps {
  args: ProductListArgs;
  currency: string;
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onMore?: (cursor: string) => void;
}

/** One page of the keyset-paginated list; the last page offers « Afficher plus ». */
export function ProductPage({ args, currency, selected, onToggle, onMore }: PageProps) {
  const page = useListProductsQuery(args);
  if (page.isLoading) return <LoadingRow colSpan={6} />;
  const items = page.data?.items ?? [];
  return (
    <>
      {items.map((product) => {
        const href = withShopId(`/mes-produits/${product._id}`, args.shopId);
        return (
          <Table.Row
            key={product._id}
            data-testid="product-row"
            data-selected={selected.has(product._id) || undefined}
          >
            <Table.Cell w="10">
              <Checkbox.Root
                size="sm"
                checked={selected.has(product._id)}
                onCheckedChange={(e) => onToggle(product._id, !!e.checked)}
                aria-label={`Sélectionner ${product.name}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.Cell>
            <Table.Cell>
              <HStack gap="3">
                <Thumbnail url={product.coverUrl} />
                <Stack gap="0" minW="0">
                  <NextLink href={href}>
                    <Text fontWeight="medium" _hover={{ textDecoration: 'underline' }} lineClamp={1}>
                      {product.name}
                    </Text>
                  </NextLink>
                  <Text fontSize="xs" color="fg.muted">
                    {product.variantsCount > 1
                      ? `${product.variantsCount} variantes`
                      : (product.sku ?? 'Sans SKU')}
                    {product.barcode && product.variantsCount === 1 ? ` · ${product.barcode}` : ''}
                  </Text>
                </Stack>
              </HStack>
            </Table.Cell>
            <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
              <Badge colorPalette={STATUS_COLORS[product.status]}>
                {PRODUCT_STATUS_LABELS[product.status]}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <StockFigure product={product} />
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {price(product, currency)}
            </Table.Cell>
          </Table.Row>
        );
      })}
      {!args.after && items.length === 0 ? (
        <Table.Row>
          <Table.Cell colSpan={6}>
            <Text color="fg.muted" py="6" textAlign="center">
              Aucun produit ne correspond.
            </Text>
          </Table.Cell>
        </Table.Row>
      ) : null}
      <MoreRow colSpan={6} cursor={page.data?.nextCursor} onMore={onMore} />
    </>
  );
}
