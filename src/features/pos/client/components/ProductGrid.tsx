import { Button, SimpleGrid, Stack, Text } from '@/client/ui';
import { memo, startTransition, useEffect, useState } from 'react';
import type { ProductCard } from '../offline/product-index';
import { formatCount } from '@/shared/numbers';
import { css } from '../../../../../styled-system/css';

const PAGE = 60;
/** More than a screen holds: 4 × 3 cards at 1024×768, 6 × 4 at 1280×800. */
const FIRST_SCREEN = 24;

function priceLabel(card: ProductCard, money: (n: number) => string): string {
  const prices = card.variants.map((v) => v.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? money(min) : `dès ${money(min)}`;
}

function stockOf(card: ProductCard): number {
  return card.variants.reduce((sum, v) => sum + v.stock, 0);
}

/**
 * The cards' looks, given once to the grid (Chakra's tokens in nested selectors): a card is plain
 * elements, because a search redraws up to 60 of them at once and the result must show in well
 * under 50 ms on a tablet — as Chakra components, each card cost a dozen style computations.
 */
const gridClass = css({
  '& .pos-card': {
    textAlign: 'left',
    bg: 'bg',
    borderWidth: '1px',
    rounded: 'lg',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    cursor: 'pointer',
    transition: 'transform 0.05s',
    // Cards out of sight are neither laid out nor painted (a search draws 24 to 60 of them).
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 200px',
    _hover: { borderColor: 'brand.400' },
    _active: { transform: 'scale(0.98)' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '1px' },
  },
  '& .pos-card-image': {
    aspectRatio: '4 / 3',
    bg: 'bg.muted',
    w: 'full',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: 'fg.subtle',
    fontSize: '2xl',
  },
  '& .pos-card-image img': { w: 'full', h: 'full', objectFit: 'cover' },
  // No photo: Lucide's « package » icon, the app's for a product without a photo, drawn by CSS (an
  // icon component per card costs a search its time). Written out: Panda reads literals only.
  '& .pos-card-image:empty::before': {
    content: '""',
    w: '7',
    h: '7',
    bg: 'currentColor',
    maskImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z'/%3E%3Cpath d='M12 22V12'/%3E%3Cpath d='m3.3 7 7.703 4.734a2 2 0 0 0 1.994 0L20.7 7'/%3E%3Cpath d='m7.5 4.27 9 5.15'/%3E%3C/svg%3E")`,
    maskSize: 'contain',
    maskRepeat: 'no-repeat',
  },
  '& .pos-card-body': { display: 'flex', flexDirection: 'column', gap: '0.5', p: '2', flex: '1' },
  '& .pos-card-name': { fontSize: 'sm', fontWeight: 'medium', lineClamp: 2, lineHeight: 'short' },
  '& .pos-card-price': { fontSize: 'sm', fontWeight: 'semibold', color: 'brand.fg' },
  '& .pos-card-stock': {
    alignSelf: 'flex-start',
    fontSize: 'xs',
    fontWeight: 'medium',
    px: '1.5',
    minH: '5',
    display: 'inline-flex',
    alignItems: 'center',
    rounded: 'sm',
    bg: 'gray.subtle',
    color: 'gray.fg',
  },
  '& .pos-card-stock[data-level="low"]': { bg: 'orange.subtle', color: 'orange.fg' },
  '& .pos-card-stock[data-level="out"]': { bg: 'red.subtle', color: 'red.fg' },
});

const Card = memo(function Card(props: {
  card: ProductCard;
  /** Passed apart: the card object stays the same when a sale changes its stock. */
  stock: number;
  money: (n: number) => string;
  onPick: (card: ProductCard) => void;
}) {
  const { card, stock } = props;
  const price = priceLabel(card, props.money);
  return (
    <button
      type="button"
      className="pos-card"
      onClick={() => props.onPick(card)}
      data-testid="product-card"
      aria-label={`${card.name}, ${price}`}
    >
      <span className="pos-card-image">
        {card.imageUrl ? <img src={card.imageUrl} alt="" loading="lazy" decoding="async" /> : null}
      </span>
      <span className="pos-card-body">
        <span className="pos-card-name">{card.name}</span>
        <span className="pos-card-price">{price}</span>
        {card.trackStock ? (
          <span
            className="pos-card-stock"
            data-level={stock <= 0 ? 'out' : stock < 5 ? 'low' : undefined}
            title="Stock tel que vu à la dernière synchronisation, moins les ventes de cette tablette"
          >
            {stock <= 0 ? 'Rupture' : `Stock ${stock}`}
          </span>
        ) : null}
      </span>
    </button>
  );
});

/**
 * The products to tap. Only the first screenfuls are drawn (20 000 cards would take seconds);
 * « Afficher plus » draws the next ones. A new list (a search typed, a tab) first draws what a
 * screen shows, then the rest of its page once that is painted: the results must show in well
 * under 50 ms on a tablet, and the cards below the fold can come a frame later.
 */
export const ProductGrid = memo(function ProductGrid(props: {
  cards: ProductCard[];
  money: (n: number) => string;
  onPick: (card: ProductCard) => void;
  /** Changes when stock changes, to redraw the badges. */
  version: number;
  emptyText: string;
}) {
  const [shown, setShown] = useState(FIRST_SCREEN);
  const [listKey, setListKey] = useState(props.cards);
  if (listKey !== props.cards) {
    setListKey(props.cards);
    setShown(FIRST_SCREEN);
  }
  const isFilling = shown < PAGE && props.cards.length > shown;
  useEffect(() => {
    if (!isFilling) return;
    // After the frame that shows the first cards: a task queued from the next animation frame.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(PAGE)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isFilling, listKey]);
  if (props.cards.length === 0)
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        {props.emptyText}
      </Text>
    );
  return (
    <Stack gap="3">
      <SimpleGrid
        gridTemplateColumns={{
          base: 'repeat(auto-fill, minmax(120px, 1fr))',
          md: 'repeat(auto-fill, minmax(136px, 1fr))',
        }}
        gap="2"
        className={gridClass}
      >
        {props.cards.slice(0, shown).map((card, place) => (
          <Card
            // By place, not by product: a search's results take over the cards already drawn
            // (their text and attributes change) instead of tearing them down and building new
            // ones, which cost the tablet more than the rest of the search.
            key={place}
            card={card}
            stock={stockOf(card)}
            money={props.money}
            onPick={props.onPick}
          />
        ))}
      </SimpleGrid>
      {!isFilling && props.cards.length > shown ? (
        <Button variant="outline" onClick={() => setShown((n) => n + PAGE)} alignSelf="center">
          Afficher plus ({formatCount(props.cards.length - shown)} autres)
        </Button>
      ) : null}
    </Stack>
  );
});
