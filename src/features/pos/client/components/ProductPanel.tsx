import {
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Text,
} from '@/client/ui';
import { memo, useCallback, useMemo, useState } from 'react';
import { LuCamera, LuScanBarcode, LuSearch } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import { can } from '@/shared/permissions';
import { withShopId } from '@/shared/navigation';
import type { IndexedVariant, ProductCard } from '../offline/product-index';
import { useTill } from '../till/TillProvider';
import { ProductGrid } from './ProductGrid';

function CategoryTabs(props: {
  categories: Array<{ id: string; name: string }>;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  if (props.categories.length === 0) return null;
  const tab = (id: string | null, name: string) => (
    <Button
      key={id ?? 'all'}
      size="sm"
      flexShrink={0}
      rounded="full"
      variant={props.value === id ? 'solid' : 'outline'}
      colorPalette={props.value === id ? 'brand' : 'gray'}
      onClick={() => props.onChange(id)}
      role="tab"
      aria-selected={props.value === id}
    >
      {name}
    </Button>
  );
  return (
    <HStack gap="1.5" overflowX="auto" py="1" role="tablist" aria-label="Catégories" scrollbarWidth="none">
      {tab(null, 'Tout')}
      {props.categories.map((c) => tab(c.id, c.name))}
    </HStack>
  );
}

/** The shop has no product yet: who may add some is sent to Mes produits, a cashier to their manager. */
function EmptyCatalogue({ canManageProducts, shopId }: { canManageProducts: boolean; shopId: string }) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="12" px="4" data-testid="till-empty-catalogue">
      <Heading as="h2" size="md">
        Aucun produit dans le catalogue pour le moment.
      </Heading>
      {canManageProducts ? (
        <>
          <Text color="fg.muted">{fr('Ajoutez ou importez vos produits : ils apparaîtront ici.')}</Text>
          <Button asChild colorPalette="brand">
            <a href={withShopId('/mes-produits', shopId)}>Mes produits</a>
          </Button>
        </>
      ) : (
        <Text color="fg.muted">Demandez à votre gérant d’ajouter des produits.</Text>
      )}
    </Stack>
  );
}

/** Hoisted: React skips an element it is given again unchanged. */
const searchIcon = <LuSearch />;

const scanHint = (
  <HStack px="3" py="1" fontSize="xs" color="fg.muted" display={{ base: 'none', md: 'flex' }} gap="1">
    <LuScanBarcode />
    <Text>{fr('Scannez un code-barres à tout moment : l’article s’ajoute au panier.')}</Text>
  </HStack>
);

const CameraButton = memo(function CameraButton({ onCamera }: { onCamera: () => void }) {
  return (
    <IconButton size="lg" variant="outline" bg="bg" aria-label="Scanner avec la caméra" onClick={onCamera}>
      <LuCamera />
    </IconButton>
  );
});

/**
 * The search field (uncontrolled: the page keeps what is typed, React is only told) and the
 * category tabs. Memoized with stable callbacks: a key typed redraws the grid, not this.
 */
const PanelHeader = memo(function PanelHeader(props: {
  showTabs: boolean;
  categories: Array<{ id: string; name: string }>;
  categoryId: string | null;
  onCategory: (id: string | null) => void;
  onQuery: (text: string) => void;
  onEnter: (field: HTMLInputElement) => void;
  onCamera: () => void;
}) {
  return (
    <Box px={{ base: '2', md: '3' }} pt="2" pb="1" bg="bg.muted">
      <HStack gap="2">
        <InputGroup startElement={searchIcon} flex="1">
          <Input
            size="lg"
            bg="bg"
            placeholder="Nom, SKU ou code-barres"
            aria-label="Rechercher un produit par nom, SKU ou code-barres"
            defaultValue=""
            onChange={(e) => props.onQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              props.onEnter(e.currentTarget);
            }}
            inputMode="search"
            autoComplete="off"
            data-testid="product-search"
          />
        </InputGroup>
        <CameraButton onCamera={props.onCamera} />
      </HStack>
      {props.showTabs ? (
        <CategoryTabs categories={props.categories} value={props.categoryId} onChange={props.onCategory} />
      ) : null}
    </Box>
  );
});

/**
 * Search, category tabs and the product grid. Kept apart from the cart (and memoized) so that
 * adding a line redraws the cart only.
 */
export const ProductPanel = memo(function ProductPanel(props: {
  onPick: (card: ProductCard) => void;
  onVariant: (variant: IndexedVariant) => void;
  onCamera: () => void;
}) {
  const till = useTill();
  const { index, catalogueVersion, money } = till;
  const { onPick, onVariant } = props;
  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);

  // Searched as typed, in the same render as the field: the index answers in about a millisecond
  // and the grid takes over its cards, where a deferred search cost a second render of the panel.
  const cards = useMemo(
    () => (query.trim() ? index.search(query) : index.inCategory(categoryId)),
    // catalogueVersion: the index changed in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, query, categoryId, catalogueVersion],
  );
  const usedIds = useMemo(
    () => index.usedCategoryIds(),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, catalogueVersion],
  );
  const categories = useMemo(
    () => till.categories.filter((c) => usedIds.has(c.id)),
    [till.categories, usedIds],
  );

  /** Enter in the field: a code typed or scanned into it, or the only product found. */
  const onEnter = useCallback(
    (field: HTMLInputElement) => {
      const text = field.value.trim();
      if (!text) return;
      const byCode = index.findByCode(text);
      const found = byCode ? [] : index.search(text, 2);
      if (byCode) onVariant(byCode);
      else if (found.length === 1) onPick(found[0]!);
      else return;
      field.value = '';
      setQuery('');
    },
    [index, onPick, onVariant],
  );

  // The server answered at least once (the copy has a cursor) and the shop has no product: not
  // « loading », an empty catalogue, said as such.
  const isCatalogueEmpty = index.size === 0 && index.cursor !== undefined;
  const emptyText =
    index.size === 0
      ? till.syncState.referenceError
        ? fr(`Le catalogue n’a pas pu être chargé : ${till.syncState.referenceError}`)
        : till.syncState.isOnline
          ? 'Le catalogue se charge depuis le serveur…'
          : fr('Catalogue vide sur cette tablette : connectez-la au réseau pour le charger.')
      : query.trim()
        ? 'Aucun produit ne correspond.'
        : 'Aucun produit dans cette catégorie.';

  return (
    <Flex direction="column" flex="1" minW="0" minH="0">
      <PanelHeader
        showTabs={!query.trim()}
        categories={categories}
        categoryId={categoryId}
        onCategory={setCategoryId}
        onQuery={setQuery}
        onEnter={onEnter}
        onCamera={props.onCamera}
      />
      <Box
        flex="1"
        overflowY="auto"
        contain="layout paint"
        px={{ base: '2', md: '3' }}
        py="2"
        pb={{ base: '20', md: '2' }}
      >
        {!till.isCatalogueLoaded ? (
          <HStack justify="center" py="10">
            <Spinner />
          </HStack>
        ) : isCatalogueEmpty ? (
          <EmptyCatalogue canManageProducts={can(till.role, 'products:edit')} shopId={till.shopId} />
        ) : (
          <ProductGrid
            cards={cards}
            money={money}
            onPick={props.onPick}
            version={catalogueVersion}
            emptyText={emptyText}
          />
        )}
      </Box>
      {scanHint}
    </Flex>
  );
});
