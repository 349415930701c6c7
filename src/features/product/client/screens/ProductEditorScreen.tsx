import {
  Button,
  Card,
  Checkbox,
  Field,
  Grid,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { CURRENCIES, type CurrencyCode } from '@/shared/countries';
import { parseMoneyInput } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { Shop } from '@/features/shop/client/shop.api';
import { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, type ProductStatus } from '../../product.schemas';
import {
  useCreateProductMutation,
  useGenerateBarcodeMutation,
  useGetProductQuery,
  useListCategoriesQuery,
  useUpdateProductMutation,
  type Product,
} from '../product.api';
import {
  emptyForm,
  formFromProduct,
  syncVariants,
  toProductInput,
  type ProductFormState,
  type VariantRowState,
} from '../product-form';
import { DescriptionEditor } from '../components/DescriptionEditor';
import { OptionsEditor } from '../components/OptionsEditor';
import { VariantsTable } from '../components/VariantsTable';
import { ProductImages } from '../components/ProductImages';
import { AdjustStockDialog } from '../components/AdjustStockDialog';
import { StockHistoryCard } from '../components/StockHistoryCard';
import { CategoryManager, categoryOptions } from '../components/CategoryManager';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Checks the browser can make without the server: prices typed as numbers. */
function localErrors(form: ProductFormState, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Le nom du produit est obligatoire.';
  form.variants.forEach((v, i) => {
    if (parseMoneyInput(v.price, currency) === null)
      errors[`variants.${i}.price`] = 'Indiquez un prix valide.';
    for (const key of ['compareAtPrice', 'costPrice'] as const)
      if (v[key].trim() && parseMoneyInput(v[key], currency) === null)
        errors[`variants.${i}.${key}`] = 'Montant invalide.';
    if (!v.id && v.stock.trim() && !/^\d+$/.test(v.stock.trim()))
      errors[`variants.${i}.stock`] = 'Nombre entier attendu.';
  });
  return errors;
}

function Editor({ shop, product, canAdjust }: { shop: Shop; product: Product | null; canAdjust: boolean }) {
  const router = useRouter();
  const currency = shop.currency;
  const [form, setForm] = useState<ProductFormState>(() =>
    product ? formFromProduct(product, currency) : emptyForm(),
  );
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<string>();
  const [create, createState] = useCreateProductMutation();
  const [update, updateState] = useUpdateProductMutation();
  const [generateBarcode] = useGenerateBarcodeMutation();
  const categories = useListCategoriesQuery({ shopId: shop._id });
  const [isCategoriesOpen, setCategoriesOpen] = useState(false);
  const [adjusting, setAdjusting] = useState<VariantRowState | null>(null);
  // Stock adjustments refetch the product: show the new counts without touching unsaved edits.
  const stockSignature = product?.variants.map((v) => `${v._id}:${v.stock}`).join(',');
  useEffect(() => {
    if (!product) return;
    const stockById = new Map(product.variants.map((v) => [v._id, v.stock]));
    setForm((f) => ({
      ...f,
      variants: f.variants.map((v) =>
        v.id && stockById.has(v.id) ? { ...v, currentStock: stockById.get(v.id) } : v,
      ),
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stockSignature]);
  const set = <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local = localErrors(form, currency);
    if (Object.keys(local).length) {
      setFieldErrors(local);
      toaster.create({ title: 'Certaines informations sont invalides.', type: 'error', duration: 3000 });
      return;
    }
    const input = { shopId: shop._id, ...toProductInput(form, currency) };
    if (product) {
      const ok = await run(async () => {
        const saved = await update({ ...input, productId: product._id }).unwrap();
        setForm(formFromProduct(saved, currency));
      });
      if (ok) toaster.create({ title: 'Produit enregistré', type: 'success', duration: 2500 });
    } else {
      await run(async () => {
        const saved = await create(input).unwrap();
        toaster.create({
          title: 'Produit créé',
          description: 'Ajoutez-lui des images.',
          type: 'success',
          duration: 3000,
        });
        await router.replace(withShopId(`/mes-produits/${saved._id}`, shop._id));
      });
    }
  }

  async function fillBarcode(index: number) {
    try {
      const { barcode } = await generateBarcode({ shopId: shop._id }).unwrap();
      setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? { ...v, barcode } : v)) }));
    } catch {
      toaster.create({ title: 'Le code n’a pas pu être généré. Réessayez.', type: 'error', duration: 3000 });
    }
  }

  const symbol = CURRENCIES[currency as CurrencyCode]?.symbol ?? currency;
  return (
    <Stack gap="5" maxW="6xl">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="1">
          <Button asChild variant="ghost" size="xs" alignSelf="flex-start" px="0">
            <NextLink href={withShopId('/mes-produits', shop._id)}>
              <LuArrowLeft /> Mes produits
            </NextLink>
          </Button>
          <Heading as="h1" size="2xl">
            {product ? product.name : 'Nouveau produit'}
          </Heading>
        </Stack>
      </HStack>
      <form onSubmit={onSubmit} noValidate aria-label="Produit">
        <Stack gap="5">
          <FormErrorAlert message={formError} />
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="5" alignItems="start">
            <Card.Root>
              <Card.Body>
                <Stack gap="4">
                  <TextField
                    label="Nom"
                    name="name"
                    required
                    value={form.name}
                    onChange={(v) => set('name', v)}
                    error={fieldErrors.name}
                  />
                  <Field.Root invalid={!!fieldErrors.descriptionHtml}>
                    <Field.Label>Description</Field.Label>
                    <DescriptionEditor
                      value={form.descriptionHtml}
                      onChange={(v) => set('descriptionHtml', v)}
                    />
                  </Field.Root>
                </Stack>
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Body>
                <Stack gap="4">
                  <SelectField
                    label="Statut"
                    name="status"
                    value={form.status}
                    onChange={(v) => set('status', v as ProductStatus)}
                    options={PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))}
                  />
                  <Stack gap="1">
                    <SelectField
                      label="Catégorie"
                      name="categoryId"
                      value={form.categoryId}
                      onChange={(v) => set('categoryId', v)}
                      error={fieldErrors.categoryId}
                      options={[
                        { value: '', label: 'Sans catégorie' },
                        ...categoryOptions(categories.data ?? []),
                      ]}
                    />
                    <Button
                      size="xs"
                      variant="ghost"
                      alignSelf="flex-start"
                      onClick={() => setCategoriesOpen(true)}
                    >
                      Gérer les catégories
                    </Button>
                  </Stack>
                  <TextField
                    label="Étiquettes"
                    name="tags"
                    helper="Séparées par des virgules"
                    value={form.tags}
                    onChange={(v) => set('tags', v)}
                    error={fieldErrors.tags}
                  />
                </Stack>
              </Card.Body>
            </Card.Root>
          </Grid>

          <Section title="Images">
            {product ? (
              <ProductImages shopId={shop._id} productId={product._id} images={product.images} />
            ) : (
              <Text color="fg.muted" fontSize="sm">
                Enregistrez le produit pour lui ajouter des images.
              </Text>
            )}
          </Section>

          <Section title="Options et variantes">
            <Stack gap="5">
              <OptionsEditor
                options={form.options}
                onChange={(options) =>
                  setForm((f) => ({ ...f, options, variants: syncVariants(options, f.variants) }))
                }
              />
              {fieldErrors.variants ? <Text color="fg.error">{fieldErrors.variants}</Text> : null}
              <VariantsTable
                rows={form.variants}
                currencySymbol={symbol}
                errors={fieldErrors}
                onChange={(index, patch) =>
                  setForm((f) => ({
                    ...f,
                    variants: f.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)),
                  }))
                }
                onGenerateBarcode={(i) => void fillBarcode(i)}
                onAdjust={canAdjust && product ? setAdjusting : undefined}
                images={product?.images}
              />
            </Stack>
          </Section>

          <Section title="Stock et expédition">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4" alignItems="end">
              <Checkbox.Root
                checked={form.trackStock}
                onCheckedChange={(e) => set('trackStock', !!e.checked)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Suivre le stock</Checkbox.Label>
              </Checkbox.Root>
              <TextField
                label="Seuil de stock faible"
                name="lowStockThreshold"
                inputMode="numeric"
                value={form.lowStockThreshold}
                onChange={(v) => set('lowStockThreshold', v)}
                error={fieldErrors.lowStockThreshold}
              />
              <TextField
                label="Poids (g)"
                name="weightGrams"
                inputMode="numeric"
                value={form.weightGrams}
                onChange={(v) => set('weightGrams', v)}
                error={fieldErrors.weightGrams}
              />
            </Grid>
          </Section>

          <SubmitButton isLoading={createState.isLoading || updateState.isLoading}>
            {product ? 'Enregistrer' : 'Créer le produit'}
          </SubmitButton>
        </Stack>
      </form>
      {product ? (
        <StockHistoryCard shopId={shop._id} productId={product._id} timeZone={shop.timeZone} />
      ) : null}
      <CategoryManager shopId={shop._id} isOpen={isCategoriesOpen} onClose={() => setCategoriesOpen(false)} />
      <AdjustStockDialog
        shopId={shop._id}
        variant={
          adjusting
            ? {
                id: adjusting.id!,
                title: adjusting.optionValues.join(' / '),
                stock: adjusting.currentStock ?? 0,
              }
            : null
        }
        onClose={() => setAdjusting(null)}
      />
    </Stack>
  );
}

/** A product already saved: its stock figures follow every adjustment (the query refetches). */
function ExistingProduct({
  shop,
  productId,
  canAdjust,
}: {
  shop: Shop;
  productId: string;
  canAdjust: boolean;
}) {
  const product = useGetProductQuery({ shopId: shop._id, productId });
  if (product.isLoading) return <Skeleton h="96" />;
  if (!product.data) return <Text color="fg.error">Ce produit est introuvable.</Text>;
  return <Editor key={product.data._id} shop={shop} product={product.data} canAdjust={canAdjust} />;
}

/** /mes-produits/nouveau and /mes-produits/[productId]. */
export function ProductEditorScreen() {
  const router = useRouter();
  const productId = typeof router.query.productId === 'string' ? router.query.productId : null;
  return (
    <AppShell capability="products:edit" quotaPage="products">
      {({ shop, role }) =>
        !shop ? null : productId ? (
          <ExistingProduct shop={shop} productId={productId} canAdjust={can(role, 'stock:adjust')} />
        ) : (
          <Editor shop={shop} product={null} canAdjust={false} />
        )
      }
    </AppShell>
  );
}
