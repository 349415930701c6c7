import { Box, Button, HStack, Input, InputGroup, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { useDebounced } from '@/client/hooks/use-debounced';
import { formatMoney } from '@/shared/money';
import {
  useListProductsQuery,
  type ProductSummary,
  type Variant,
} from '@/features/product/client/product.api';

export interface PickedVariant {
  variantId: string;
  productId: string;
  /** The discounts' category sets read it (with its ancestors). */
  categoryId: string | null;
  label: string;
  sku: string | null;
  price: number;
  /** null when the product's stock is not tracked. */
  stock: number | null;
}

export function pickedFrom(product: ProductSummary, variant: Variant): PickedVariant {
  return {
    variantId: variant._id,
    productId: product._id,
    categoryId: product.categoryId,
    label: variant.title ? `${product.name} (${variant.title})` : product.name,
    sku: variant.sku,
    price: variant.price,
    stock: product.trackStock ? variant.stock : null,
  };
}

/** Search the catalogue (name, SKU, barcode) and add a variant, its price and stock in view. */
export function ProductPicker({
  shopId,
  currency,
  onPick,
  actionLabel = 'Ajouter',
  allowsOutOfStock = false,
}: {
  shopId: string;
  currency: string;
  onPick: (variant: PickedVariant) => void;
  /** What the button does with the variant (« Ajouter » to an order, « Partager »…). */
  actionLabel?: string;
  /** Sharing a sold-out product is fine; ordering it is not. */
  allowsOutOfStock?: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const { data, isFetching } = useListProductsQuery(
    { shopId, search, withVariants: true, limit: 8 },
    { skip: !search },
  );
  return (
    <Stack gap="2">
      <InputGroup startElement={<LuSearch />}>
        <Input
          placeholder="Rechercher un produit (nom, SKU, code-barres)"
          aria-label="Rechercher un produit à ajouter"
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
        />
      </InputGroup>
      {search ? (
        <Box borderWidth="1px" rounded="md" maxH="72" overflowY="auto" data-testid="product-results">
          {data?.items.length === 0 && !isFetching ? (
            <Text p="3" color="fg.muted" fontSize="sm">
              Aucun produit ne correspond.
            </Text>
          ) : null}
          {data?.items.flatMap((product) =>
            (product.variants ?? []).map((variant) => {
              const picked = pickedFrom(product, variant);
              const isOut = picked.stock !== null && picked.stock <= 0;
              return (
                <HStack
                  key={variant._id}
                  justify="space-between"
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  gap="3"
                >
                  <Stack gap="0" minW="0">
                    <Text fontSize="sm" truncate>
                      {picked.label}
                    </Text>
                    <Text fontSize="xs" color={isOut ? 'fg.error' : 'fg.muted'}>
                      {formatMoney(variant.price, currency)} ·{' '}
                      {picked.stock === null
                        ? 'stock non suivi'
                        : isOut
                          ? 'Rupture'
                          : `${picked.stock} en stock`}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={isOut && !allowsOutOfStock}
                    aria-label={`${actionLabel} ${picked.label}`}
                    onClick={() => {
                      onPick(picked);
                      setInput('');
                    }}
                  >
                    <LuPlus /> {actionLabel}
                  </Button>
                </HStack>
              );
            }),
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
