import { Badge, Box, Button, chakra, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { LuPackage } from 'react-icons/lu';
import type { ProductCard } from '../offline/product-index';

const PAGE = 60;

function priceLabel(card: ProductCard, money: (n: number) => string): string {
  const prices = card.variants.map((v) => v.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? money(min) : `dès ${money(min)}`;
}

function stockOf(card: ProductCard): number {
  return card.variants.reduce((sum, v) => sum + v.stock, 0);
}

const Card = memo(function Card(props: {
  card: ProductCard;
  /** Passed apart: the card object stays the same when a sale changes its stock. */
  stock: number;
  money: (n: number) => string;
  onPick: (card: ProductCard) => void;
}) {
  const { card, stock } = props;
  return (
    <chakra.button
      type="button"
      onClick={() => props.onPick(card)}
      textAlign="left"
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      display="flex"
      flexDirection="column"
      _hover={{ borderColor: 'brand.400' }}
      _active={{ transform: 'scale(0.98)' }}
      transition="transform 0.05s"
      data-testid="product-card"
      aria-label={`${card.name}, ${priceLabel(card, props.money)}`}
    >
      <Box
        aspectRatio={4 / 3}
        bg="bg.muted"
        w="full"
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        {card.imageUrl ? (
          <chakra.img
            src={card.imageUrl}
            alt=""
            loading="lazy"
            decoding="async"
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : (
          <Box color="fg.subtle" fontSize="2xl">
            <LuPackage />
          </Box>
        )}
      </Box>
      <Stack gap="0.5" p="2" flex="1">
        <Text fontSize="sm" fontWeight="medium" lineClamp={2} lineHeight="short">
          {card.name}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          {priceLabel(card, props.money)}
        </Text>
        {card.trackStock ? (
          <Badge
            alignSelf="flex-start"
            size="sm"
            colorPalette={stock <= 0 ? 'red' : stock < 5 ? 'orange' : 'gray'}
            title="Stock tel que vu à la dernière synchronisation, moins les ventes de cette tablette"
          >
            {stock <= 0 ? 'Rupture' : `Stock ${stock}`}
          </Badge>
        ) : null}
      </Stack>
    </chakra.button>
  );
});

/**
 * The products to tap. Only the first screenfuls are drawn (20 000 cards would take seconds);
 * « Afficher plus » draws the next ones.
 */
export const ProductGrid = memo(function ProductGrid(props: {
  cards: ProductCard[];
  money: (n: number) => string;
  onPick: (card: ProductCard) => void;
  /** Changes when stock changes, to redraw the badges. */
  version: number;
  emptyText: string;
}) {
  const [shown, setShown] = useState(PAGE);
  const [listKey, setListKey] = useState(props.cards);
  if (listKey !== props.cards) {
    setListKey(props.cards);
    setShown(PAGE);
  }
  if (props.cards.length === 0)
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        {props.emptyText}
      </Text>
    );
  return (
    <Stack gap="3">
      <SimpleGrid
        templateColumns={{
          base: 'repeat(auto-fill, minmax(120px, 1fr))',
          md: 'repeat(auto-fill, minmax(136px, 1fr))',
        }}
        gap="2"
      >
        {props.cards.slice(0, shown).map((card) => (
          <Card
            key={card.productId}
            card={card}
            stock={stockOf(card)}
            money={props.money}
            onPick={props.onPick}
          />
        ))}
      </SimpleGrid>
      {props.cards.length > shown ? (
        <Button variant="outline" onClick={() => setShown((n) => n + PAGE)} alignSelf="center">
          Afficher plus ({(props.cards.length - shown).toLocaleString('fr-FR')} autres)
        </Button>
      ) : null}
    </Stack>
  );
});
