import { Badge, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IndexedVariant, ProductCard } from '../offline/product-index';
import { TillDialog } from './TillDialog';

/** A product with several variants: the cashier taps the one sold. */
export function VariantDialog(props: {
  card: ProductCard | null;
  money: (n: number) => string;
  onPick: (variant: IndexedVariant) => void;
  onClose: () => void;
}) {
  const { card } = props;
  if (!card) return null;
  return (
    <TillDialog isOpen onClose={props.onClose} title={card.name}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        {card.variants.map((v) => (
          <Button
            key={v.variantId}
            variant="outline"
            h="auto"
            py="3"
            onClick={() => props.onPick(v)}
            justifyContent="space-between"
            data-testid="variant-option"
          >
            <Stack gap="0" align="flex-start">
              <Text fontWeight="semibold">{v.variantName || card.name}</Text>
              {v.sku ? (
                <Text fontSize="xs" color="fg.muted">
                  SKU {v.sku}
                </Text>
              ) : null}
            </Stack>
            <Stack gap="0" align="flex-end">
              <Text fontWeight="semibold">{props.money(v.price)}</Text>
              {v.trackStock ? (
                <Badge size="sm" colorPalette={v.stock <= 0 ? 'red' : 'gray'}>
                  {v.stock <= 0 ? 'Rupture' : `Stock ${v.stock}`}
                </Badge>
              ) : null}
            </Stack>
          </Button>
        ))}
      </SimpleGrid>
    </TillDialog>
  );
}
