import {
  Button,
  Card,
  Grid,
  Heading,
  HStack,
  IconButton,
  Input,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LuArrowLeft, LuTrash2 } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { formatMoney, moneyInputValue, parseMoneyInput } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import type { Shop } from '@/features/shop/client/shop.api';
import { CHANNEL_LABELS, MANUAL_CHANNELS, type PaymentMethod } from '../../order.schemas';
import type { TAddress } from '@/features/client/client.schemas';
import { useCreateOrderMutation, useGetOrderQuery, useUpdateOrderMutation, type Order } from '../order.api';
import { ProductPicker, type PickedVariant } from '../components/ProductPicker';
import { ClientPicker, type ClientChoice } from '../components/ClientPicker';
import { METHOD_OPTIONS, NEEDS_REFERENCE } from '../components/PaymentDialog';

interface DraftLine extends PickedVariant {
  quantity: number;
  discount: string;
}

const EMPTY_ADDRESS: TAddress = { quartier: '', commune: '', ville: '', indications: '' };

function linesFromOrder(order: Order, currency: string): DraftLine[] {
  return order.lines.map((l) => ({
    variantId: l.variantId,
    label: l.variantName ? `${l.productName} (${l.variantName})` : l.productName,
    sku: l.sku,
    price: l.unitPrice,
    stock: null,
    quantity: l.quantity,
    discount: l.lineDiscount ? moneyInputValue(l.lineDiscount, currency) : '',
  }));
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title>{title}</Card.Title>
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

function OrderEditor({ shop, order }: { shop: Shop; order?: Order }) {
  const router = useRouter();
  const currency = shop.currency;
  const isEdit = !!order;
  const [lines, setLines] = useState<DraftLine[]>(() => (order ? linesFromOrder(order, currency) : []));
  const [client, setClient] = useState<ClientChoice>({ kind: 'none' });
  const [channel, setChannel] = useState<string>('whatsapp');
  const [address, setAddress] = useState<TAddress>(order?.deliveryAddress ?? EMPTY_ADDRESS);
  const [deliveryFee, setDeliveryFee] = useState(order ? moneyInputValue(order.deliveryFee, currency) : '');
  const [orderDiscount, setOrderDiscount] = useState(
    order?.orderDiscount ? moneyInputValue(order.orderDiscount, currency) : '',
  );
  const [clientNote, setClientNote] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | ''>('');
  const [paymentAmount, setPaymentAmount] = useState('');
  const [paymentReference, setPaymentReference] = useState('');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [create, creating] = useCreateOrderMutation();
  const [update, updating] = useUpdateOrderMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<string>();

  // A client's first address fills the delivery address while it is still empty.
  useEffect(() => {
    if (client.kind === 'existing' && client.client.addresses[0])
      setAddress((current) => (Object.values(current).some(Boolean) ? current : client.client.addresses[0]!));
  }, [client]);

  const money = (text: string) => (text.trim() ? parseMoneyInput(text, currency) : 0);
  // A few lines at most: computed on each render, nothing to memoise.
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const discounts = lines.reduce((s, l) => s + (money(l.discount) ?? 0), 0) + (money(orderDiscount) ?? 0);
  const fee = money(deliveryFee) ?? 0;
  const totals = { subtotal, discounts, fee, total: Math.max(0, subtotal - discounts + fee) };

  function addLine(picked: PickedVariant) {
    setLines((current) => {
      const existing = current.find((l) => l.variantId === picked.variantId);
      if (existing) return current.map((l) => (l === existing ? { ...l, quantity: l.quantity + 1 } : l));
      return [...current, { ...picked, quantity: 1, discount: '' }];
    });
  }

  function localErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    if (lines.length === 0) errors.lines = 'Ajoutez au moins un produit.';
    lines.forEach((l, i) => {
      if (!Number.isInteger(l.quantity) || l.quantity < 1)
        errors[`lines.${i}.quantity`] = 'Quantité invalide.';
      if (money(l.discount) === null) errors[`lines.${i}.lineDiscount`] = 'Montant invalide.';
    });
    if (money(deliveryFee) === null) errors.deliveryFee = 'Montant invalide.';
    if (money(orderDiscount) === null) errors.orderDiscount = 'Montant invalide.';
    if (client.kind === 'new' && !client.draft.name.trim())
      errors['newClient.name'] = 'Ce champ est obligatoire.';
    if (paymentMethod && !(money(paymentAmount) ?? 0)) errors['payment.amount'] = 'Indiquez le montant reçu.';
    return errors;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = localErrors();
    if (Object.keys(errors).length) return setFieldErrors(errors);
    const content = {
      shopId: shop._id,
      lines: lines.map((l) => ({
        variantId: l.variantId,
        quantity: l.quantity,
        lineDiscount: money(l.discount) ?? 0,
      })),
      orderDiscount: money(orderDiscount) ?? 0,
      deliveryFee: money(deliveryFee) ?? 0,
      deliveryAddress: Object.values(address).some((v) => v.trim()) ? address : null,
    };
    let savedId = order?.id ?? '';
    const ok = await run(async () => {
      if (order) {
        await update({ ...content, orderId: order.id }).unwrap();
        return;
      }
      const created = await create({
        ...content,
        channel: channel as (typeof MANUAL_CHANNELS)[number],
        clientId: client.kind === 'existing' ? client.client.id : undefined,
        newClient:
          client.kind === 'new'
            ? {
                name: client.draft.name.trim(),
                phone: client.draft.phone.trim() || undefined,
                email: client.draft.email.trim() || undefined,
                addresses: Object.values(address).some((v) => v.trim()) ? [address] : [],
              }
            : undefined,
        clientNote,
        internalNote: internalNote.trim() || undefined,
        payment: paymentMethod
          ? {
              method: paymentMethod,
              amount: money(paymentAmount) ?? 0,
              reference: paymentReference.trim() || undefined,
            }
          : undefined,
        idempotencyKey,
      }).unwrap();
      savedId = created.id;
    });
    if (ok) await router.push(withShopId(`/mes-commandes/${savedId}`, shop._id));
  }

  const clientErrors = {
    clientId: fieldErrors.clientId,
    name: fieldErrors['newClient.name'],
    phone: fieldErrors['newClient.phone'],
    email: fieldErrors['newClient.email'],
  };
  const setAddressField = (key: keyof TAddress) => (v: string) => setAddress((a) => ({ ...a, [key]: v }));
  const backHref = withShopId(order ? `/mes-commandes/${order.id}` : '/mes-commandes', shop._id);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={isEdit ? 'Modifier la commande' : 'Nouvelle commande'}>
      <Stack gap="5">
        <Button asChild size="sm" variant="ghost" alignSelf="flex-start">
          <NextLink href={backHref}>
            <LuArrowLeft /> {order ? `Commande #${order.number}` : 'Commandes'}
          </NextLink>
        </Button>
        <Heading as="h1" size="2xl">
          {order ? `Modifier la commande #${order.number}` : 'Nouvelle commande'}
        </Heading>
        <FormErrorAlert message={formError} />
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap="5"
          alignItems="start"
        >
          <Stack gap="5">
            <Panel title="Articles">
              <Stack gap="3">
                <ProductPicker shopId={shop._id} currency={currency} onPick={addLine} />
                {fieldErrors.lines ? (
                  <Text color="fg.error" fontSize="sm">
                    {fieldErrors.lines}
                  </Text>
                ) : null}
                {lines.length ? (
                  <Table.ScrollArea>
                    <Table.Root size="sm" data-testid="order-lines">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>Article</Table.ColumnHeader>
                          <Table.ColumnHeader w="24">Qté</Table.ColumnHeader>
                          <Table.ColumnHeader w="28">Remise</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                          <Table.ColumnHeader w="10" aria-label="Retirer" />
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {lines.map((line, i) => {
                          const error =
                            fieldErrors[`lines.${i}.variantId`] ??
                            fieldErrors[`lines.${i}.quantity`] ??
                            fieldErrors[`lines.${i}.lineDiscount`];
                          const set = (patch: Partial<DraftLine>) =>
                            setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
                          return (
                            <Table.Row key={line.variantId}>
                              <Table.Cell>
                                <Text fontSize="sm">{line.label}</Text>
                                <Text fontSize="xs" color={error ? 'fg.error' : 'fg.muted'}>
                                  {error ??
                                    `${formatMoney(line.price, currency)}${line.stock !== null ? ` · ${line.stock} en stock` : ''}`}
                                </Text>
                              </Table.Cell>
                              <Table.Cell>
                                <Input
                                  size="sm"
                                  type="number"
                                  min={1}
                                  aria-label={`Quantité : ${line.label}`}
                                  value={line.quantity}
                                  onChange={(e) =>
                                    set({ quantity: Math.trunc(Number(e.currentTarget.value)) })
                                  }
                                />
                              </Table.Cell>
                              <Table.Cell>
                                <Input
                                  size="sm"
                                  inputMode="numeric"
                                  aria-label={`Remise : ${line.label}`}
                                  value={line.discount}
                                  onChange={(e) => set({ discount: e.currentTarget.value })}
                                />
                              </Table.Cell>
                              <Table.Cell textAlign="end" whiteSpace="nowrap">
                                {formatMoney(
                                  Math.max(0, line.price * line.quantity - (money(line.discount) ?? 0)),
                                  currency,
                                )}
                              </Table.Cell>
                              <Table.Cell>
                                <IconButton
                                  size="xs"
                                  variant="ghost"
                                  aria-label={`Retirer ${line.label}`}
                                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                                >
                                  <LuTrash2 />
                                </IconButton>
                              </Table.Cell>
                            </Table.Row>
                          );
                        })}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                ) : (
                  <Text color="fg.muted" fontSize="sm">
                    Aucun article pour le moment : recherchez un produit pour l’ajouter.
                  </Text>
                )}
              </Stack>
            </Panel>
            {!isEdit ? (
              <Panel title="Client">
                <ClientPicker shopId={shop._id} value={client} onChange={setClient} errors={clientErrors} />
              </Panel>
            ) : null}
            <Panel title="Livraison">
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3">
                <TextField
                  label="Quartier"
                  name="quartier"
                  value={address.quartier}
                  onChange={setAddressField('quartier')}
                  error={fieldErrors['deliveryAddress.quartier']}
                />
                <TextField
                  label="Commune"
                  name="commune"
                  value={address.commune}
                  onChange={setAddressField('commune')}
                  error={fieldErrors['deliveryAddress.commune']}
                />
                <TextField
                  label="Ville"
                  name="ville"
                  value={address.ville}
                  onChange={setAddressField('ville')}
                  error={fieldErrors['deliveryAddress.ville']}
                />
              </Grid>
              <Stack mt="3">
                <TextField
                  label="Indications"
                  name="indications"
                  placeholder="Repère, couleur du portail…"
                  value={address.indications}
                  onChange={setAddressField('indications')}
                  error={fieldErrors['deliveryAddress.indications']}
                />
              </Stack>
            </Panel>
          </Stack>
          <Stack gap="5">
            <Panel title="Récapitulatif">
              <Stack gap="3">
                {!isEdit ? (
                  <SelectField
                    label="Canal"
                    name="channel"
                    value={channel}
                    onChange={setChannel}
                    options={MANUAL_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
                    error={fieldErrors.channel}
                  />
                ) : null}
                <TextField
                  label="Frais de livraison"
                  name="deliveryFee"
                  inputMode="numeric"
                  value={deliveryFee}
                  onChange={setDeliveryFee}
                  error={fieldErrors.deliveryFee}
                />
                <TextField
                  label="Remise sur la commande"
                  name="orderDiscount"
                  inputMode="numeric"
                  value={orderDiscount}
                  onChange={setOrderDiscount}
                  error={fieldErrors.orderDiscount}
                />
                <Stack gap="1" pt="2" borderTopWidth="1px" fontSize="sm" data-testid="draft-totals">
                  <HStack justify="space-between">
                    <Text>Sous-total</Text>
                    <Text>{formatMoney(totals.subtotal, currency)}</Text>
                  </HStack>
                  {totals.discounts > 0 ? (
                    <HStack justify="space-between">
                      <Text>Remises</Text>
                      <Text>− {formatMoney(totals.discounts, currency)}</Text>
                    </HStack>
                  ) : null}
                  <HStack justify="space-between">
                    <Text>Livraison</Text>
                    <Text>{formatMoney(totals.fee, currency)}</Text>
                  </HStack>
                  <HStack justify="space-between" fontWeight="semibold" fontSize="md">
                    <Text>Total</Text>
                    <Text>{formatMoney(totals.total, currency)}</Text>
                  </HStack>
                </Stack>
              </Stack>
            </Panel>
            {!isEdit ? (
              <Panel title="Paiement reçu (facultatif)">
                <Stack gap="3">
                  <SelectField
                    label="Moyen de paiement"
                    name="paymentMethod"
                    value={paymentMethod}
                    onChange={(v) => {
                      setPaymentMethod(v as PaymentMethod | '');
                      if (v && !paymentAmount) setPaymentAmount(moneyInputValue(totals.total, currency));
                    }}
                    options={[{ value: '', label: 'Pas encore payé' }, ...METHOD_OPTIONS]}
                    error={fieldErrors['payment.method']}
                  />
                  {paymentMethod ? (
                    <TextField
                      label="Montant reçu"
                      name="paymentAmount"
                      inputMode="numeric"
                      value={paymentAmount}
                      onChange={setPaymentAmount}
                      error={fieldErrors['payment.amount']}
                    />
                  ) : null}
                  {paymentMethod && NEEDS_REFERENCE.includes(paymentMethod) ? (
                    <TextField
                      label="Référence de la transaction"
                      name="paymentReference"
                      value={paymentReference}
                      onChange={setPaymentReference}
                      error={fieldErrors['payment.reference']}
                    />
                  ) : null}
                </Stack>
              </Panel>
            ) : null}
            {!isEdit ? (
              <Panel title="Notes">
                <Stack gap="3">
                  <TextField
                    label="Note du client"
                    name="clientNote"
                    value={clientNote}
                    onChange={setClientNote}
                    error={fieldErrors.clientNote}
                  />
                  <TextField
                    label="Note interne"
                    name="internalNote"
                    value={internalNote}
                    onChange={setInternalNote}
                    error={fieldErrors.internalNote}
                  />
                </Stack>
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
