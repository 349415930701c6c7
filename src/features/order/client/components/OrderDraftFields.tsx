import { Grid, HStack, Stack, Text } from '@/client/ui';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSelectField, FormTextField } from '@/client/forms/fields';
import { formatMoney, moneyInputValue } from '@/shared/money';
import { CHANNEL_LABELS, MANUAL_CHANNELS, type PaymentMethod } from '../../order.constants';
import { typedAmount, typedQuantity, type OrderFormValues } from '../order-form';
import { discountLabel } from '../order-discounts';
import { useDraftPricing, type ZoneFee } from '../use-draft-pricing';
import { frenchTypography as fr } from '@/shared/typography';
import { hasReductions, whyFromDraft } from '../why-price';
import { methodOptionsFor, NEEDS_REFERENCE } from '../payment-methods';
import { DiscountCodesField } from './DiscountCodesField';
import { WhyPriceButton } from './WhyPriceButton';

// The order editor's panels besides its lines and client; each reads the form it sits in (FormProvider).

export function DeliveryAddressFields() {
  const { control } = useFormContext<OrderFormValues>();
  return (
    <>
      <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3">
        <FormTextField control={control} name="deliveryAddress.quartier" label="Quartier" />
        <FormTextField control={control} name="deliveryAddress.commune" label="Commune" />
        <FormTextField control={control} name="deliveryAddress.ville" label="Ville" />
      </Grid>
      <Grid mt="3" gridTemplateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="3">
        <FormTextField
          control={control}
          name="deliveryAddress.indications"
          label="Indications"
          placeholder="Repère, couleur du portail…"
        />
        <FormTextField
          control={control}
          name="deliveryAddress.position"
          label="Position GPS (facultatif)"
          placeholder="Lien Google Maps ou 14.7456, -17.5123"
        />
      </Grid>
    </>
  );
}

function TotalRow(props: {
  label: string;
  value: string;
  testId?: string;
  color?: string;
  /** Below the label, smaller: which discount it is. */
  detail?: string;
}) {
  return (
    <HStack justify="space-between" align="flex-start" gap="3" color={props.color} data-testid={props.testId}>
      <Stack gap="0" minW="0">
        <Text overflowWrap="anywhere">{props.label}</Text>
        {props.detail ? (
          <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
            {props.detail}
          </Text>
        ) : null}
      </Stack>
      <Text whiteSpace="nowrap" flexShrink={0}>
        {props.value}
      </Text>
    </HStack>
  );
}

/** The totals as typed, with the shop's discounts priced live (the server's figures on saving). */
function DraftTotals({ currency }: { currency: string }) {
  const { control } = useFormContext<OrderFormValues>();
  const lines = useWatch({ control, name: 'lines' });
  const { priced, status } = useDraftPricing();
  const money = (n: number) => formatMoney(n, currency);
  const view = () =>
    whyFromDraft(
      priced,
      lines.map((l) => ({ label: l.label, quantity: typedQuantity(l.quantity) })),
    );
  return (
    <Stack gap="1" pt="2" borderTopWidth="1px" fontSize="sm" data-testid="draft-totals">
      <TotalRow label="Sous-total" value={money(priced.subtotal)} />
      {priced.promotions.length ? (
        <Stack gap="1" data-testid="draft-promotions">
          <Text fontWeight="medium">Réductions</Text>
          {priced.promotions.map((a) => (
            <TotalRow
              key={`${a.type}-${a.discount?.id}`}
              label={discountLabel(a.discount?.name ?? '', a.discount?.code ?? null)}
              value={`− ${money(a.amount)}`}
              color="fg.success"
              testId="draft-promotion"
            />
          ))}
        </Stack>
      ) : null}
      {priced.manualDiscount > 0 ? (
        <TotalRow label="Remises" value={`− ${money(priced.manualDiscount)}`} />
      ) : null}
      {priced.freeDelivery ? (
        <TotalRow
          label="Livraison offerte"
          detail={discountLabel(
            priced.freeDelivery.discount?.name ?? '',
            priced.freeDelivery.discount?.code ?? null,
          )}
          value={money(priced.deliveryFee - priced.freeDelivery.amount)}
          color="fg.success"
          testId="draft-free-delivery"
        />
      ) : (
        <TotalRow label="Livraison" value={money(priced.deliveryFee)} />
      )}
      {priced.rounding ? (
        <TotalRow label="Arrondi" value={`− ${money(priced.rounding.amount)}`} testId="draft-rounding" />
      ) : null}
      <HStack justify="space-between" fontWeight="semibold" fontSize="md" data-testid="draft-total">
        <Text>Total</Text>
        <Text>{money(priced.total)}</Text>
      </HStack>
      {status === 'loading' ? (
        <Text fontSize="xs" color="fg.muted">
          Calcul des réductions…
        </Text>
      ) : null}
      {status === 'error' ? (
        <Text fontSize="xs" color="fg.muted">
          Les réductions de la boutique n’ont pas pu être chargées : elles s’appliqueront à l’enregistrement.
        </Text>
      ) : null}
      {hasReductions(view()) ? <WhyPriceButton view={view} currency={currency} /> : null}
    </Stack>
  );
}

/** What the zone of the address says of its fee (« Zone « Dakar centre » : 1 000 FCFA, le jour même »). */
function zoneHelper(zone: ZoneFee, money: (n: number) => string): string {
  const { name, fee, freeFrom, delay } = zone.zone;
  const said = zone.isFree
    ? `livraison offerte (dès ${money(freeFrom ?? 0)} d’articles)`
    : `${money(fee)}${freeFrom !== null ? `, offerte dès ${money(freeFrom)} d’articles` : ''}`;
  return fr(`Zone « ${name} » : ${said}${delay ? `, ${delay}` : ''}. Laissez vide pour ce tarif.`);
}

/**
 * The fee: blank charges the zone's of the address (the server's rule); another amount, or an order
 * under the zone's minimum, asks for the reason the order's timeline will keep.
 */
function DeliveryFeeFields({ currency, isEdit }: { currency: string; isEdit: boolean }) {
  const { control } = useFormContext<OrderFormValues>();
  const { zone } = useDraftPricing();
  const typed = useWatch({ control, name: 'deliveryFee' });
  const money = (amount: number) => formatMoney(amount, currency);
  const isOtherFee = !!zone && !!typed?.trim() && typedAmount(typed, currency) !== zone.fee;
  const needsReason = !isEdit && !!zone && (isOtherFee || zone.isBelowMinimum);
  return (
    <>
      <FormTextField
        control={control}
        name="deliveryFee"
        label="Frais de livraison"
        inputMode="numeric"
        placeholder={zone ? moneyInputValue(zone.fee, currency) : undefined}
        helper={zone ? zoneHelper(zone, money) : undefined}
      />
      {zone?.isBelowMinimum ? (
        <Text fontSize="sm" color="fg.warning" data-testid="zone-minimum">
          {fr(
            `La zone « ${zone.zone.name} » est livrée à partir de ${money(zone.zone.minOrder ?? 0)} d’articles.`,
          )}
        </Text>
      ) : null}
      {needsReason ? (
        <FormTextField
          control={control}
          name="deliveryFeeReason"
          label="Raison des frais"
          placeholder="Client fidèle, colis lourd…"
          helper="Gardée dans l’historique de la commande."
        />
      ) : null}
    </>
  );
}

/** « Récapitulatif »: the channel (a new order only), the fee, discount and codes, and the totals. */
export function OrderSummaryFields({ currency, isEdit }: { currency: string; isEdit: boolean }) {
  const { control } = useFormContext<OrderFormValues>();
  return (
    <Stack gap="3">
      {!isEdit ? (
        <FormSelectField
          control={control}
          name="channel"
          label="Canal"
          options={MANUAL_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        />
      ) : null}
      <DeliveryFeeFields currency={currency} isEdit={isEdit} />
      <FormTextField
        control={control}
        name="orderDiscount"
        label="Remise sur la commande"
        inputMode="numeric"
      />
      <DiscountCodesField />
      <DraftTotals currency={currency} />
    </Stack>
  );
}

/** « Paiement reçu »: choosing a method proposes the total as the amount received. */
export function PaymentFields({ currency }: { currency: string }) {
  const { control, getValues, setValue } = useFormContext<OrderFormValues>();
  const method = useWatch({ control, name: 'payment.method' });
  const client = useWatch({ control, name: 'client' });
  const { priced } = useDraftPricing();
  return (
    <Stack gap="3">
      <FormSelectField
        control={control}
        name="payment.method"
        label="Moyen de paiement"
        options={[{ value: '', label: 'Pas encore payé' }, ...methodOptionsFor(Boolean(client))]}
        onPicked={(picked) => {
          if (picked && !getValues('payment.amount'))
            setValue('payment.amount', moneyInputValue(priced.total, currency));
        }}
      />
      {method ? (
        <FormTextField control={control} name="payment.amount" label="Montant reçu" inputMode="numeric" />
      ) : null}
      {method && NEEDS_REFERENCE.includes(method as PaymentMethod) ? (
        <FormTextField control={control} name="payment.reference" label="Référence de la transaction" />
      ) : null}
    </Stack>
  );
}

export function NotesFields() {
  const { control } = useFormContext<OrderFormValues>();
  return (
    <Stack gap="3">
      <FormTextField control={control} name="clientNote" label="Note du client" />
      <FormTextField control={control} name="internalNote" label="Note interne" />
    </Stack>
  );
}
