import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SelectField } from '@/client/components/form';
import { useGetProductQuery, useListProductsQuery } from '@/features/product/client/product.api';
import type { TargetOption } from './design-edit';

/** The select's value while a product is the destination (the product itself is searched below). */
const A_PRODUCT = 'product:';

/**
 * Where a link or a button leads: a fixed page, one of the site's pages, a category (a select), or
 * a product, searched by name among the active ones (a catalogue of thousands fits no select).
 */
export function TargetField(props: {
  label: string;
  name: string;
  value: string;
  error?: string;
  shopId: string;
  options: TargetOption[];
  onChange: (target: string) => void;
}) {
  const { value, shopId } = props;
  const productId = value.startsWith(A_PRODUCT) ? value.slice(A_PRODUCT.length) : null;
  const [search, setSearch] = useState('');
  const chosen = useGetProductQuery({ shopId, productId: productId ?? '' }, { skip: !productId });
  const found = useListProductsQuery(
    { shopId, search: search.trim(), status: 'active', limit: 6 },
    { skip: productId === null || search.trim().length < 2 },
  );
  const known = props.options.some((o) => o.value === value);
  const options: TargetOption[] = [
    ...(known || productId !== null ? [] : [{ value, label: 'Destination supprimée' }]),
    ...props.options,
    { value: A_PRODUCT, label: 'Un produit…', group: 'Produits' },
  ];
  return (
    <Stack gap="2">
      <SelectField
        label={props.label}
        name={props.name}
        value={productId !== null ? A_PRODUCT : value}
        error={props.error}
        options={options}
        onChange={props.onChange}
      />
      {productId !== null ? (
        <Stack gap="2" ps="3" borderLeftWidth="2px">
          <Text fontSize="sm" color={chosen.isError ? 'fg.error' : 'fg.muted'}>
            {productId === ''
              ? 'Cherchez le produit par son nom.'
              : chosen.isError
                ? 'Ce produit a été supprimé : choisissez-en un autre.'
                : `Produit choisi : ${chosen.data?.name ?? '…'}`}
          </Text>
          <Input
            size="sm"
            name={`${props.name}.search`}
            aria-label="Chercher un produit"
            placeholder="Chercher un produit"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {(found.currentData?.items ?? []).map((p) => (
            <Button
              key={p._id}
              size="sm"
              variant={p._id === productId ? 'subtle' : 'outline'}
              justifyContent="flex-start"
              whiteSpace="normal"
              textAlign="left"
              h="auto"
              py="1.5"
              onClick={() => {
                props.onChange(`${A_PRODUCT}${p._id}`);
                setSearch('');
              }}
            >
              {p.name}
            </Button>
          ))}
          {found.currentData && found.currentData.items.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Aucun produit actif ne correspond.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
