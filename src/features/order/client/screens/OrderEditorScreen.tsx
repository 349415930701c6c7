import { Button, Card, Grid, Heading, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { LuArrowLeft } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { showServerError } from '@/client/forms/fields';
import { useLazyResolver } from '@/client/forms/lazy-resolver';
import { withShopId } from '@/shared/navigation';
import type { Shop } from '@/features/shop/client/shop.api';
import { useGetProductQuery } from '@/features/product/client/product.api';
import { useCreateOrderMutation, useGetOrderQuery, useUpdateOrderMutation, type Order } from '../order.api';
import {
  ORDER_SERVER_PATHS,
  orderFormDefaults,
  type OrderFormOutput,
  type OrderFormValues,
} from '../order-form';
import { codeStates, refusalMessage } from '../discount-codes';
import { DraftPricingProvider, useDraftPricingState } from '../use-draft-pricing';
import { ClientPicker } from '../components/ClientPicker';
import { OrderLinesEditor } from '../components/OrderLinesEditor';
import {
  DeliveryAddressFields,
  NotesFields,
  OrderSummaryFields,
  PaymentFields,
} from '../components/OrderDraftFields';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** A fresh key per form: a double click or a retried request still makes one order. */
function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** An edited order's line knows its product, not its category: read it when a discount needs it. */
function CategoryOf({ shopId, productId }: { shopId: string; productId: string }) {
  const { getValues, setValue } = useFormContext<OrderFormValues>();
  const { data } = useGetProductQuery({ shopId, productId });
  const categoryId = data?.categoryId;
  useEffect(() => {
    if (categoryId === undefined) return;
    getValues('lines').forEach((line, index) => {
      if (line.productId === productId && line.categoryId === undefined)
        setValue(`lines.${index}.categoryId`, categoryId);
    });
  }, [categoryId, productId, getValues, setValue]);
  return null;
}

function MissingCategories({ shopId }: { shopId: string }) {
  const lines = useWatch<OrderFormValues, 'lines'>({ name: 'lines' });
  const productIds = [...new Set(lines.filter((l) => l.categoryId === undefined).map((l) => l.productId))];
  return (
    <>
      {productIds.map((productId) => (
        <CategoryOf key={productId} shopId={shopId} productId={productId} />
      ))}
    </>
  );
}

function OrderEditor({ shop, order }: { shop: Shop; order?: Order }) {
  const router = useRouter();
  const currency = shop.currency;
  const isEdit = !!order;
  const { resolver, preload } = useLazyResolver(
    async () => (await import('../order-form-schema')).orderFormResolver(currency),
    [currency],
  );
  // As before, a refused form shows its errors where they are: no jump to a field (nor, on a phone, its keyboard).
  const form = useForm({
    resolver,
    defaultValues: orderFormDefaults(order, currency),
    shouldFocusError: false,
  });
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [create, creating] = useCreateOrderMutation();
  const [update, updating] = useUpdateOrderMutation();
  const pricing = useDraftPricingState(form.control, shop, order?.channel);

  async function save(values: OrderFormOutput) {
    // A code the engine refuses would be refused by the server too (422): say it here, nothing sent.
    const refusal = refusalMessage(codeStates(values.discountCodes, pricing.priced));
    if (refusal) return form.setError('discountCodes', { type: 'refused', message: refusal });
    let savedId = order?.id ?? '';
    try {
      if (order) {
        const { lines, orderDiscount, deliveryFee, deliveryAddress, discountCodes } = values;
        await update({
          shopId: shop._id,
          orderId: order.id,
          lines,
          orderDiscount,
          // Left blank: the zone's fee, as the totals show it.
          deliveryFee: deliveryFee ?? pricing.zone?.fee ?? 0,
          deliveryAddress,
          discountCodes,
        }).unwrap();
      } else {
        savedId = (await create({ ...values, shopId: shop._id, idempotencyKey }).unwrap()).id;
      }
    } catch (error) {
      return showServerError(form.setError, error, ORDER_SERVER_PATHS);
    }
    await router.push(withShopId(`/mes-commandes/${savedId}`, shop._id));
  }

  const backHref = withShopId(order ? `/mes-commandes/${order.id}` : '/mes-commandes', shop._id);

  return (
    <FormProvider {...form}>
      <DraftPricingProvider value={pricing}>
        {isEdit && pricing.needsCategories ? <MissingCategories shopId={shop._id} /> : null}
        <form
          onSubmit={form.handleSubmit(save)}
          onFocus={preload}
          noValidate
          aria-label={isEdit ? 'Modifier la commande' : 'Nouvelle commande'}
        >
          <Stack gap="5">
            <Button asChild size="sm" variant="ghost" alignSelf="flex-start">
              <PageLink href={backHref}>
                <LuArrowLeft /> {order ? `Commande #${order.number}` : 'Commandes'}
              </PageLink>
            </Button>
            <Heading as="h1" size="2xl">
              {order ? `Modifier la commande #${order.number}` : 'Nouvelle commande'}
            </Heading>
            <FormErrorAlert message={form.formState.errors.root?.server?.message} />
            <Grid
              gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
              gap="5"
              alignItems="start"
            >
              <Stack gap="5">
                <Panel title="Articles">
                  <OrderLinesEditor shopId={shop._id} currency={currency} />
                </Panel>
                {!isEdit ? (
                  <Panel title="Client">
                    <ClientPicker shopId={shop._id} />
                  </Panel>
                ) : null}
                <Panel title="Livraison">
                  <DeliveryAddressFields />
                </Panel>
              </Stack>
              <Stack gap="5">
                <Panel title="Récapitulatif">
                  <OrderSummaryFields currency={currency} isEdit={isEdit} />
                </Panel>
                {!isEdit ? (
                  <Panel title="Paiement reçu (facultatif)">
                    <PaymentFields currency={currency} />
                  </Panel>
                ) : null}
                {!isEdit ? (
                  <Panel title="Notes">
                    <NotesFields />
                  </Panel>
                ) : null}
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  loading={creating.isLoading || updating.isLoading}
                  loadingText="Enregistrement…"
                >
                  {isEdit ? 'Enregistrer les modifications' : 'Créer la commande'}
                </Button>
              </Stack>
            </Grid>
          </Stack>
        </form>
      </DraftPricingProvider>
    </FormProvider>
  );
}

/** /mes-commandes/nouvelle: an order taken by phone, WhatsApp or at the counter by hand. */
export function NewOrderScreen() {
  return (
    <AppShell capability="orders:create" quotaPage="orders">
      {({ shop }) => (shop ? <OrderEditor shop={shop} /> : null)}
    </AppShell>
  );
}

function EditLoader({ shop, orderId }: { shop: Shop; orderId: string }) {
  const { data, error } = useGetOrderQuery({ shopId: shop._id, orderId });
  if (error) return <Text color="fg.error">La commande n’a pas pu être chargée.</Text>;
  if (!data) return <Skeleton h="60" />;
  if (!data.isEditable) return <Text color="fg.error">Cette commande ne peut plus être modifiée.</Text>;
  return <OrderEditor shop={shop} order={data} />;
}

/** /mes-commandes/[orderId]/modifier: lines, quantities, discounts and fee before delivery. */
export function EditOrderScreen() {
  const router = useRouter();
  const orderId = typeof router.query.orderId === 'string' ? router.query.orderId : '';
  return (
    <AppShell capability="orders:manage" quotaPage="orders">
      {({ shop }) => (shop && orderId ? <EditLoader shop={shop} orderId={orderId} /> : null)}
    </AppShell>
  );
}
