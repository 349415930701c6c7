import {
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { useDebounced } from '@/client/hooks/use-debounced';
import { useState } from 'react';
import { LuArrowLeft, LuPrinter, LuSearch } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import type { Shop } from '@/features/shop/client/shop.api';
import { useListProductsQuery } from '../product.api';
import { BarcodeSvg } from '../components/BarcodeSvg';

interface LabelItem {
  variantId: string;
  name: string;
  price: number;
  barcode: string;
  quantity: number;
}

type Format = 'a4' | 'roll';
const hideOnPrint = { '@media print': { display: 'none' } };

function Picker({
  shopId,
  search,
  onAdd,
}: {
  shopId: string;
  search: string;
  onAdd: (item: Omit<LabelItem, 'quantity'>) => void;
}) {
  const page = useListProductsQuery({
    shopId,
    search: search || undefined,
    sort: 'name',
    withVariants: true,
  });
  if (page.isLoading) return <Skeleton h="20" />;
  const rows = (page.data?.items ?? []).flatMap((p) =>
    (p.variants ?? []).map((v) => ({
      product: p,
      variant: v,
      name: v.title ? `${p.name} — ${v.title}` : p.name,
    })),
  );
  return (
    <Box maxH="72" overflowY="auto" borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Body>
          {rows.map(({ variant, name }) => (
            <Table.Row key={variant._id}>
              <Table.Cell>
                <Text>{name}</Text>
                <Text fontSize="xs" color={variant.barcode ? 'fg.muted' : 'orange.600'}>
                  {variant.barcode ?? 'Pas de code-barres : générez-en un dans la fiche produit'}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="outline"
                  disabled={!variant.barcode}
                  aria-label={`Ajouter ${name}`}
                  onClick={() =>
                    onAdd({ variantId: variant._id, name, price: variant.price, barcode: variant.barcode! })
                  }
                >
                  Ajouter
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell color="fg.muted">Aucun produit ne correspond.</Table.Cell>
            </Table.Row>
          ) : null}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The printed sheet: an A4 grid of 3 × 8 labels (70 × 37 mm) or one 50 × 30 mm label per roll step. */
function Sheet({ items, format, currency }: { items: LabelItem[]; format: Format; currency: string }) {
  const labels = items.flatMap((item) =>
    Array.from({ length: item.quantity }, (_, i) => ({ ...item, key: `${item.variantId}-${i}` })),
  );
  return (
    <Box data-testid="label-sheet" className={`labels-${format}`}>
      <style>{`@media print { @page { size: ${format === 'a4' ? 'A4' : '50mm 30mm'}; margin: ${format === 'a4' ? '8mm 0' : '0'}; } }`}</style>
      <Grid
        gridTemplateColumns={format === 'a4' ? 'repeat(3, 70mm)' : '50mm'}
        gap="0"
        justifyContent="center"
        bg="white"
        color="black"
      >
        {labels.map((l) => (
          <Stack
            key={l.key}
            w={format === 'a4' ? '70mm' : '50mm'}
            h={format === 'a4' ? '37mm' : '30mm'}
            p="2mm"
            gap="0.5"
            align="center"
            justify="center"
            overflow="hidden"
            outline="1px dashed"
            outlineColor={{ base: 'gray.300', _print: 'transparent' }}
            breakInside="avoid"
            pageBreakAfter={format === 'roll' ? 'always' : undefined}
            data-testid="label"
          >
            <Text fontSize="9pt" fontWeight="bold" lineClamp={1} textAlign="center">
              {l.name}
            </Text>
            <Text fontSize="10pt">{formatMoney(l.price, currency)}</Text>
            <BarcodeSvg value={l.barcode} height={format === 'a4' ? 38 : 30} />
          </Stack>
        ))}
      </Grid>
    </Box>
  );
}

function Labels({ shop }: { shop: Shop }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const [items, setItems] = useState<LabelItem[]>([]);
  const [format, setFormat] = useState<Format>('a4');
  const total = items.reduce((n, i) => n + i.quantity, 0);

  function add(item: Omit<LabelItem, 'quantity'>) {
    setItems((list) =>
      list.some((i) => i.variantId === item.variantId)
        ? list.map((i) => (i.variantId === item.variantId ? { ...i, quantity: i.quantity + 1 } : i))
        : [...list, { ...item, quantity: 1 }],
    );
  }

  return (
    <Stack gap="5">
      <Stack gap="4" css={hideOnPrint}>
        <Stack gap="1">
          <Button asChild variant="ghost" size="xs" alignSelf="flex-start" px="0">
            <PageLink href={withShopId('/mes-produits', shop._id)}>
              <LuArrowLeft /> Mes produits
            </PageLink>
          </Button>
          <Heading as="h1" size="2xl">
            Étiquettes
          </Heading>
        </Stack>
        <Grid gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="5" alignItems="start">
          <Stack gap="3">
            <InputGroup startElement={<LuSearch />}>
              <Input
                size="sm"
                placeholder="Nom, SKU ou code-barres"
                aria-label="Rechercher un produit"
                value={input}
                onChange={(e) => setInput(e.currentTarget.value)}
              />
            </InputGroup>
            <Picker shopId={shop._id} search={search} onAdd={add} />
          </Stack>
          <Stack gap="3">
            <HStack justify="space-between" flexWrap="wrap">
              <NativeSelect.Root size="sm" w="auto">
                <NativeSelect.Field
                  aria-label="Format"
                  value={format}
                  onChange={(e) => setFormat(e.currentTarget.value as Format)}
                >
                  <option value="a4">Planche A4 (3 × 8, 70 × 37 mm)</option>
                  <option value="roll">Rouleau (50 × 30 mm)</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button colorPalette="brand" size="sm" disabled={total === 0} onClick={() => window.print()}>
                <LuPrinter /> Imprimer {total} étiquette{total > 1 ? 's' : ''}
              </Button>
            </HStack>
            {items.length === 0 ? <Text color="fg.muted">Ajoutez des articles à gauche.</Text> : null}
            {items.map((item) => (
              <HStack key={item.variantId} justify="space-between">
                <Text flex="1" lineClamp={1}>
                  {item.name}
                </Text>
                <Input
                  size="sm"
                  w="20"
                  inputMode="numeric"
                  aria-label={`Nombre d’étiquettes (${item.name})`}
                  value={String(item.quantity)}
                  onChange={(e) => {
                    const quantity = Math.max(
                      0,
                      Math.min(500, Number(e.currentTarget.value.replace(/\D/g, '')) || 0),
                    );
                    setItems((list) =>
                      list.map((i) => (i.variantId === item.variantId ? { ...i, quantity } : i)),
                    );
                  }}
                />
              </HStack>
            ))}
          </Stack>
        </Grid>
      </Stack>
      {total > 0 ? <Sheet items={items} format={format} currency={shop.currency} /> : null}
    </Stack>
  );
}

/** /mes-produits/etiquettes: pick variants and quantities, print through the browser. */
export function LabelsScreen() {
  return (
    <AppShell capability="products:view">{({ shop }) => (shop ? <Labels shop={shop} /> : null)}</AppShell>
  );
}
