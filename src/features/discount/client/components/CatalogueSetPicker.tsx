import {
  Box,
  Button,
  Checkbox,
  Field,
  HStack,
  FieldTextInput,
  InputGroup,
  NativeSelect,
  Stack,
  Tag,
  Text,
} from '@/client/ui';
import { useEffect, useMemo, useState } from 'react';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { useAppDispatch } from '@/client/store';
import { useDebounced } from '@/client/hooks/use-debounced';
import { formatMoney } from '@/shared/money';
import {
  productApi,
  useGetProductQuery,
  useListCategoriesQuery,
  useListProductsQuery,
  type Category,
} from '@/features/product/client/product.api';
import type { PickedItem, SelectionValues } from '../discount-form';

const TYPE_WORDS: Record<PickedItem['type'], string> = {
  category: 'Catégorie',
  product: 'Produit',
  variant: 'Variante',
};

/** « Femme › Robes »: a category with its parents. */
function categoryPath(categories: Category[], id: string): string {
  const byId = new Map(categories.map((c) => [c._id, c]));
  const names: string[] = [];
  let current = byId.get(id);
  for (let depth = 0; current && depth < 10; depth++) {
    names.unshift(current.name);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return names.join(' › ');
}

/**
 * The names of variants a saved discount names by id only: the catalogue is read page by page
 * (with variants) until they are all found. A shop's catalogue is small; the reading stops at
 * 20 pages of 100.
 */
function useVariantLabels(shopId: string, ids: string[]): Map<string, string> {
  const dispatch = useAppDispatch();
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    let isCancelled = false;
    void (async () => {
      const wanted = new Set(key.split(','));
      const found = new Map<string, string>();
      let after: string | undefined;
      for (let page = 0; page < 20 && found.size < wanted.size; page++) {
        const request = dispatch(
          productApi.endpoints.listProducts.initiate({ shopId, withVariants: true, limit: 100, after }),
        );
        const result = await request;
        request.unsubscribe();
        for (const product of result.data?.items ?? [])
          for (const variant of product.variants ?? [])
            if (wanted.has(variant._id))
              found.set(variant._id, variant.title ? `${product.name} (${variant.title})` : product.name);
        after = result.data?.nextCursor ?? undefined;
        if (!after) break;
      }
      if (!isCancelled) setLabels(found);
    })();
    return () => {
      isCancelled = true;
    };
  }, [dispatch, shopId, key]);
  return labels;
}

function ProductName({ shopId, id }: { shopId: string; id: string }) {
  const { data, isError } = useGetProductQuery({ shopId, productId: id });
  return <>{data?.name ?? (isError ? 'Produit introuvable' : '…')}</>;
}

/**
 * A set of products for a discount (what it lowers, or a « achetez X, obtenez Y » set): the whole
 * catalogue, or categories, products and single variants picked from the catalogue.
 */
export function CatalogueSetPicker(props: {
  shopId: string;
  currency: string;
  /** Names the set for screen readers and tests (« Produits achetés »). */
  label: string;
  value: SelectionValues;
  onChange: (value: SelectionValues) => void;
  error?: string;
}) {
  const { shopId, value, onChange } = props;
  const categories = useListCategoriesQuery({ shopId });
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const results = useListProductsQuery({ shopId, search, withVariants: true, limit: 8 }, { skip: !search });
  const [categoryId, setCategoryId] = useState('');
  const unnamedVariants = useMemo(
    () => value.items.filter((i) => i.type === 'variant' && !i.label).map((i) => i.id),
    [value.items],
  );
  const variantLabels = useVariantLabels(shopId, unnamedVariants);

  const has = (id: string) => value.items.some((i) => i.id === id);
  const add = (item: PickedItem) => {
    if (!has(item.id)) onChange({ ...value, items: [...value.items, item] });
  };
  const remove = (id: string) => onChange({ ...value, items: value.items.filter((i) => i.id !== id) });

  function chipLabel(item: PickedItem) {
    if (item.label) return item.label;
    if (item.type === 'category')
      return categories.data ? categoryPath(categories.data, item.id) || 'Catégorie introuvable' : '…';
    if (item.type === 'product') return <ProductName shopId={shopId} id={item.id} />;
    return variantLabels.get(item.id) ?? '…';
  }

  return (
    <Field.Root invalid={!!props.error}>
      <Stack gap="3" w="full" role="group" aria-label={props.label}>
        <Checkbox.Root
          checked={value.all}
          onCheckedChange={(e) => onChange({ ...value, all: !!e.checked })}
          size="sm"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Tous les produits</Checkbox.Label>
        </Checkbox.Root>
        {value.all ? null : (
          <>
            {value.items.length ? (
              <HStack gap="2" flexWrap="wrap" data-testid="picked-items">
                {value.items.map((item) => (
                  <Tag.Root key={item.id} size="lg" variant="subtle" maxW="full">
                    <Tag.Label>
                      <Text as="span" color="fg.muted">
                        {`${TYPE_WORDS[item.type]}\u00a0: `}
                      </Text>
                      {chipLabel(item)}
                    </Tag.Label>
                    <Tag.EndElement>
                      <Tag.CloseTrigger
                        aria-label={`Retirer ${item.label || TYPE_WORDS[item.type]}`}
                        onClick={() => remove(item.id)}
                      />
                    </Tag.EndElement>
                  </Tag.Root>
                ))}
              </HStack>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                Aucun produit choisi.
              </Text>
            )}
            <HStack gap="2" flexWrap="wrap" align="stretch">
              <NativeSelect.Root size="sm" flex="1" minW="48">
                <NativeSelect.Field
                  aria-label={`Catégorie à ajouter (${props.label})`}
                  value={categoryId}
                  onChange={(e) => setCategoryId(e.currentTarget.value)}
                >
                  <option value="">Choisir une catégorie…</option>
                  {(categories.data ?? []).map((c) => (
                    <option key={c._id} value={c._id}>
                      {categoryPath(categories.data ?? [], c._id)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                size="sm"
                variant="outline"
                disabled={!categoryId}
                onClick={() => {
                  add({
                    type: 'category',
                    id: categoryId,
                    label: categoryPath(categories.data ?? [], categoryId),
                  });
                  setCategoryId('');
                }}
              >
                <LuPlus /> Ajouter la catégorie
              </Button>
            </HStack>
            <InputGroup startElement={<LuSearch />}>
              <FieldTextInput
                size="sm"
                placeholder="Rechercher un produit (nom, SKU, code-barres)"
                aria-label={`Rechercher un produit (${props.label})`}
                value={input}
                onChange={(e) => setInput(e.currentTarget.value)}
              />
            </InputGroup>
            {search ? (
              <Box borderWidth="1px" rounded="md" maxH="72" overflowY="auto" data-testid="product-results">
                {results.data?.items.length === 0 && !results.isFetching ? (
                  <Text p="3" color="fg.muted" fontSize="sm">
                    Aucun produit ne correspond.
                  </Text>
                ) : null}
                {results.data?.items.map((product) => {
                  const variants = product.variants ?? [];
                  return (
                    <Stack key={product._id} gap="0" borderBottomWidth="1px">
                      <HStack justify="space-between" px="3" py="2" gap="3">
                        <Stack gap="0" minW="0">
                          <Text fontSize="sm" fontWeight="medium" truncate>
                            {product.name}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {product.priceMin === product.priceMax
                              ? formatMoney(product.priceMin, props.currency)
                              : `${formatMoney(product.priceMin, props.currency)} – ${formatMoney(product.priceMax, props.currency)}`}
                          </Text>
                        </Stack>
                        <Button
                          size="xs"
                          variant="outline"
                          flexShrink={0}
                          disabled={has(product._id)}
                          aria-label={`Ajouter ${product.name}`}
                          onClick={() => add({ type: 'product', id: product._id, label: product.name })}
                        >
                          <LuPlus /> {variants.length > 1 ? 'Tout le produit' : 'Ajouter'}
                        </Button>
                      </HStack>
                      {variants.length > 1
                        ? variants.map((variant) => {
                            const label = `${product.name} (${variant.title})`;
                            return (
                              <HStack key={variant._id} justify="space-between" pl="6" pr="3" py="1" gap="3">
                                <Text fontSize="xs" truncate>
                                  {variant.title}
                                </Text>
                                <Button
                                  size="2xs"
                                  variant="ghost"
                                  flexShrink={0}
                                  disabled={has(variant._id) || has(product._id)}
                                  aria-label={`Ajouter ${label}`}
                                  onClick={() => add({ type: 'variant', id: variant._id, label })}
                                >
                                  <LuPlus /> Variante
                                </Button>
                              </HStack>
                            );
                          })
                        : null}
                    </Stack>
                  );
                })}
              </Box>
            ) : null}
          </>
        )}
        {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
      </Stack>
    </Field.Root>
  );
}
