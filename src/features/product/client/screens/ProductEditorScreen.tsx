import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@/client/ui';
import dynamic from 'next/dynamic';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { LuArrowLeft } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { FirstOpened } from '@/client/components/FirstOpened';
import { SubmitButton } from '@/client/components/form';
import { showServerError } from '@/client/forms/fields';
import { useLazyResolver } from '@/client/forms/lazy-resolver';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { toaster } from '@/client/shell/toaster';
import { CURRENCIES, type CurrencyCode } from '@/shared/countries';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { Shop } from '@/features/shop/client/shop.api';
import type { TProductInput } from '../../product.schemas';
import {
  useCreateProductMutation,
  useGetProductQuery,
  useUpdateProductMutation,
  type Product,
} from '../product.api';
import { emptyForm, formFromProduct, type ProductFormValues } from '../product-form';
import { ProductImages } from '../components/ProductImages';
import { StockHistoryCard } from '../components/StockHistoryCard';
import { OptionsAndVariants } from '../components/OptionsAndVariants';
import { ProductDetailsFields, StockAndShippingFields } from '../components/ProductDetailsFields';

// Below the fold, with its Google preview: loaded after the form's first fields.
// The dialogs, still drawn with Chakra, load with it when first opened.
const CategoryManager = dynamic(() =>
  loadInChakraIsland(import('../components/CategoryManager').then((m) => m.CategoryManager)),
);
const AdjustStockDialog = dynamic(() =>
  loadInChakraIsland(import('../components/AdjustStockDialog').then((m) => m.AdjustStockDialog)),
);

const ProductSeoFields = dynamic(
  () => import('../components/ProductSeoFields').then((m) => m.ProductSeoFields),
  {
    loading: () => <Skeleton h="40" />,
  },
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Stock adjustments refetch the product: show the new counts without touching unsaved edits. */
function useSavedStockFollows(
  form: UseFormReturn<ProductFormValues, unknown, TProductInput>,
  product: Product | null,
) {
  const stockSignature = product?.variants.map((v) => `${v._id}:${v.stock}`).join(',');
  useEffect(() => {
    if (!product) return;
    const stockById = new Map(product.variants.map((v) => [v._id, v.stock]));
    form.getValues('variants').forEach((v, i) => {
      if (v.id && stockById.has(v.id)) form.setValue(`variants.${i}.currentStock`, stockById.get(v.id));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stockSignature]);
}

function Editor({ shop, product, canAdjust }: { shop: Shop; product: Product | null; canAdjust: boolean }) {
  const router = useRouter();
  const currency = shop.currency;
  const { resolver, preload } = useLazyResolver(
    async () => (await import('../product-form-schema')).productFormResolver(currency),
    [currency],
  );
  // As before, a refused form shows its errors where they are: no jump to a field (nor, on a phone, its keyboard).
  const form = useForm({
    resolver,
    defaultValues: product ? formFromProduct(product, currency) : emptyForm(),
    shouldFocusError: false,
  });
  const [create, createState] = useCreateProductMutation();
  const [update, updateState] = useUpdateProductMutation();
  const [isCategoriesOpen, setCategoriesOpen] = useState(false);
  const [adjusting, setAdjusting] = useState<{ id: string; title: string; stock: number } | null>(null);
  useSavedStockFollows(form, product);

  async function save(values: TProductInput) {
    const input = { shopId: shop._id, ...values };
    try {
      if (product) {
        const saved = await update({ ...input, productId: product._id }).unwrap();
        form.reset(formFromProduct(saved, currency));
        toaster.create({ title: 'Produit enregistré', type: 'success', duration: 2500 });
      } else {
        const saved = await create(input).unwrap();
        toaster.create({
          title: 'Produit créé',
          description: 'Ajoutez-lui des images.',
          type: 'success',
          duration: 3000,
        });
        await router.replace(withShopId(`/mes-produits/${saved._id}`, shop._id));
      }
    } catch (error) {
      showServerError(form.setError, error);
    }
  }

  function refused() {
    toaster.create({ title: 'Certaines informations sont invalides.', type: 'error', duration: 3000 });
  }

  function adjust(index: number) {
    const row = form.getValues(`variants.${index}`);
    if (row.id)
      setAdjusting({ id: row.id, title: row.optionValues.join(' / '), stock: row.currentStock ?? 0 });
  }

  const symbol = CURRENCIES[currency as CurrencyCode]?.symbol ?? currency;
  return (
    <Stack gap="5" maxW="6xl">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="1">
          <Button asChild variant="ghost" size="xs" alignSelf="flex-start" px="0">
            <PageLink href={withShopId('/mes-produits', shop._id)}>
              <LuArrowLeft /> Mes produits
            </PageLink>
          </Button>
          <Heading as="h1" size="2xl">
            {product ? product.name : 'Nouveau produit'}
          </Heading>
        </Stack>
      </HStack>
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(save, refused)} onFocus={preload} noValidate aria-label="Produit">
          <Stack gap="5">
            <FormErrorAlert message={form.formState.errors.root?.server?.message} />
            <ProductDetailsFields shopId={shop._id} onManageCategories={() => setCategoriesOpen(true)} />

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
              <OptionsAndVariants
                shopId={shop._id}
                currencySymbol={symbol}
                images={product?.images}
                onAdjust={canAdjust && product ? adjust : undefined}
              />
            </Section>

            <Section title="Stock et expédition">
              <StockAndShippingFields />
            </Section>

            <Section title="Référencement (Google)">
              <ProductSeoFields shopSlug={shop.slug} productSlug={product?.slug ?? null} />
            </Section>

            <SubmitButton isLoading={createState.isLoading || updateState.isLoading}>
              {product ? 'Enregistrer' : 'Créer le produit'}
            </SubmitButton>
          </Stack>
        </form>
      </FormProvider>
      {product ? (
        <StockHistoryCard shopId={shop._id} productId={product._id} timeZone={shop.timeZone} />
      ) : null}
      <FirstOpened isOpen={isCategoriesOpen}>
        <CategoryManager
          shopId={shop._id}
          isOpen={isCategoriesOpen}
          onClose={() => setCategoriesOpen(false)}
        />
      </FirstOpened>
      <FirstOpened isOpen={!!adjusting}>
        <AdjustStockDialog shopId={shop._id} variant={adjusting} onClose={() => setAdjusting(null)} />
      </FirstOpened>
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
