import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { CountryCode } from 'libphonenumber-js';
import type { DiscountClient } from '@/shared/discounts';
import { useGetDiscountPricingQuery } from '@/features/discount/client/pricing.api';
import { useQuoteDeliveryQuery, type DeliveryQuote } from '@/features/delivery/client/delivery-quote.api';
import { useDebounced } from '@/client/hooks/use-debounced';
import { typedAmount, typedQuantity, type OrderFormOutput, type OrderFormValues } from './order-form';
import { priceDraft, pricingChannel, type DiscountEngine, type PricedDraft } from './draft-pricing';

/*
 * The editor's live totals: the shop's discounts fetched for the manual channel (again when the
 * client changes), compiled once per revision, and the draft priced on every change of the cart.
 * Computed once for the whole form and read by its panels through the context.
 */

type EngineModule = DiscountEngine &
  typeof import('@/shared/discounts') &
  Pick<typeof import('@/shared/phone-format'), 'previewE164'>;

/**
 * The engine is loaded apart from the editor's page, once (README « Bundle »), with the phone
 * reader it needs for a client typed in with the order (libphonenumber: 8 KB off the page).
 */
let loadedEngine: EngineModule | null = null;
function useDiscountEngine(): EngineModule | null {
  const [engine, setEngine] = useState(loadedEngine);
  useEffect(() => {
    if (engine) return;
    let isCurrent = true;
    void Promise.all([import('@/shared/discounts'), import('@/shared/phone-format')]).then(
      ([discounts, phones]) => {
        loadedEngine = { ...discounts, previewE164: phones.previewE164 };
        if (isCurrent) setEngine(loadedEngine);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [engine]);
  return engine;
}

export interface DraftPricingState {
  priced: PricedDraft;
  /** `loading` until the shop's discounts and the engine are in; `error` if they could not be read. */
  status: 'loading' | 'ready' | 'error';
  /** Some discount targets categories: every line's category must be known. */
  needsCategories: boolean;
  /** The delivery zone of the address typed, as the server will charge it; null: none known. */
  zone: ZoneFee | null;
}

/** The address's zone and what it asks of this draft (free past its threshold, or under its minimum). */
export interface ZoneFee {
  zone: NonNullable<DeliveryQuote['zone']>;
  fee: number;
  isFree: boolean;
  isBelowMinimum: boolean;
}

/** The zone of the address being typed: asked once the typing pauses, weighed here on every change. */
function useZoneFee(
  control: Control<OrderFormValues, unknown, OrderFormOutput>,
  shopId: string,
  goods: number,
): ZoneFee | null {
  const [commune, quartier, position] = useWatch({
    control,
    name: ['deliveryAddress.commune', 'deliveryAddress.quartier', 'deliveryAddress.position'],
  });
  // One string, so that an unchanged address is an unchanged value between renders.
  const place = useDebounced(
    `${commune?.trim() ?? ''}\n${quartier?.trim() ?? ''}\n${position?.trim() ?? ''}`,
    300,
  );
  const [placeCommune = '', placeQuartier = '', placePosition = ''] = place.split('\n');
  const { currentData } = useQuoteDeliveryQuery(
    { shopId, commune: placeCommune, quartier: placeQuartier, position: placePosition, goods: 0 },
    { skip: !placeCommune && !placePosition },
  );
  const zone = placeCommune || placePosition ? currentData?.zone : null;
  return useMemo(() => {
    if (!zone) return null;
    const isFree = zone.freeFrom !== null && goods >= zone.freeFrom;
    return {
      zone,
      fee: isFree ? 0 : zone.fee,
      isFree,
      isBelowMinimum: zone.minOrder !== null && goods < zone.minOrder,
    };
  }, [zone, goods]);
}

const DraftPricingContext = createContext<DraftPricingState | null>(null);

export function DraftPricingProvider({ value, children }: { value: DraftPricingState; children: ReactNode }) {
  return <DraftPricingContext.Provider value={value}>{children}</DraftPricingContext.Provider>;
}

export function useDraftPricing(): DraftPricingState {
  const value = useContext(DraftPricingContext);
  if (!value) throw new Error('useDraftPricing outside DraftPricingProvider');
  return value;
}

export function useDraftPricingState(
  control: Control<OrderFormValues, unknown, OrderFormOutput>,
  shop: { _id: string; currency: string; country: string },
  /** An edited order's own channel (the form's is for a new order). */
  orderChannel?: string,
): DraftPricingState {
  const [lines, orderDiscount, deliveryFee, codes, client, newClient, formChannel] = useWatch({
    control,
    name: ['lines', 'orderDiscount', 'deliveryFee', 'discountCodes', 'client', 'newClient', 'channel'],
  });
  const channel = pricingChannel(orderChannel ?? formChannel ?? 'manual');
  const { data, currentData, isError } = useGetDiscountPricingQuery(
    { shopId: shop._id, channel, clientId: client?.id },
    { refetchOnMountOrArgChange: true },
  );
  const engine = useDiscountEngine();
  const country = shop.country as CountryCode;
  const revision = data?.revision;
  // Once per revision: the answer for another client carries the same discounts.
  const compiled = useMemo(
    () => (engine && data ? engine.compileDiscounts(data.discounts) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, revision],
  );
  const engineClient = useMemo((): DiscountClient | null => {
    if (client) return currentData?.client ?? { id: client.id, phone: client.phone ?? null };
    // A client typed in with the order: new to the shop unless the server finds their phone.
    if (newClient)
      return {
        phone: engine?.previewE164(newClient.phone ?? '', country) ?? null,
        isFirstOrder: true,
        tags: [],
      };
    return null;
  }, [client, newClient, currentData, country, engine]);

  const currency = shop.currency;
  const draftLines = useMemo(
    () =>
      lines.map((l) => ({
        variantId: l.variantId,
        productId: l.productId,
        categoryId: l.categoryId,
        price: l.price,
        quantity: typedQuantity(l.quantity),
        lineDiscount: typedAmount(l.lineDiscount, currency),
      })),
    [lines, currency],
  );
  // What the zone's threshold and minimum weigh, as the server does: the articles after the
  // agent's own discounts.
  const goods = Math.max(
    0,
    draftLines.reduce((sum, l) => sum + l.price * l.quantity - l.lineDiscount, 0) -
      typedAmount(orderDiscount, currency),
  );
  const zone = useZoneFee(control, shop._id, goods);
  // A blank fee is the zone's (none: nothing), as the server charges it.
  const fee = deliveryFee?.trim() ? typedAmount(deliveryFee, currency) : (zone?.fee ?? 0);
  const priced = useMemo(
    () =>
      priceDraft(
        {
          channel,
          lines: draftLines,
          orderDiscount: typedAmount(orderDiscount, currency),
          deliveryFee: fee,
          codes,
          client: engineClient,
          at: new Date(),
        },
        currency,
        engine && compiled && data ? { engine, compiled, data } : null,
      ),
    [channel, draftLines, orderDiscount, fee, codes, engineClient, currency, engine, compiled, data],
  );
  const status = priced.isPriced ? 'ready' : isError ? 'error' : 'loading';
  const needsCategories = Object.keys(data?.categoryAncestors ?? {}).length > 0;
  return useMemo(() => ({ priced, status, needsCategories, zone }), [priced, status, needsCategories, zone]);
}
