import { api } from '@/client/api/api';
import type {
  TPickupPoint,
  TPickupPointInput,
  TQuote,
  TRider,
  TRiderInput,
  TZone,
  TZoneInput,
  TOrderDelivery,
} from '../delivery.schemas';
import type { StarterCity } from '../starter-zones';

/* Livraison's endpoints: zones, the fee of an address, pickup points. */

export type Zone = TZone;
export type PickupPoint = TPickupPoint;
export type DeliveryQuote = TQuote;
export type Rider = TRider;
export type OrderDelivery = TOrderDelivery;
type Ref = { shopId: string; id: string };

export interface QuoteArgs {
  shopId: string;
  commune: string;
  quartier: string;
  goods: number;
}

const deliveryApi = api
  .enhanceEndpoints({ addTagTypes: ['DeliveryZone', 'PickupPoint', 'Rider', 'OrderDelivery'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listZones: build.query<{ items: Zone[] }, { shopId: string }>({
        query: (params) => ({ url: '/api/delivery/zones', params }),
        providesTags: ['DeliveryZone'],
      }),
      createZone: build.mutation<Zone, TZoneInput & { shopId: string }>({
        query: (body) => ({ url: '/api/delivery/createZone', method: 'POST', data: body }),
        invalidatesTags: ['DeliveryZone'],
      }),
      updateZone: build.mutation<Zone, TZoneInput & Ref>({
        query: (body) => ({ url: '/api/delivery/updateZone', method: 'POST', data: body }),
        invalidatesTags: ['DeliveryZone'],
      }),
      deleteZone: build.mutation<{ ok: true }, Ref>({
        query: (body) => ({ url: '/api/delivery/deleteZone', method: 'POST', data: body }),
        invalidatesTags: ['DeliveryZone'],
      }),
      addStarterZones: build.mutation<{ created: number }, { shopId: string; city: StarterCity }>({
        query: (body) => ({ url: '/api/delivery/addStarterZones', method: 'POST', data: body }),
        invalidatesTags: ['DeliveryZone'],
      }),
      quoteDelivery: build.query<DeliveryQuote, QuoteArgs>({
        query: (params) => ({ url: '/api/delivery/quote', params }),
        providesTags: ['DeliveryZone'],
      }),
      listPickupPoints: build.query<{ items: PickupPoint[] }, { shopId: string }>({
        query: (params) => ({ url: '/api/delivery/pickupPoints', params }),
        providesTags: ['PickupPoint'],
      }),
      createPickupPoint: build.mutation<PickupPoint, TPickupPointInput & { shopId: string }>({
        query: (body) => ({ url: '/api/delivery/createPickupPoint', method: 'POST', data: body }),
        invalidatesTags: ['PickupPoint'],
      }),
      updatePickupPoint: build.mutation<PickupPoint, TPickupPointInput & Ref>({
        query: (body) => ({ url: '/api/delivery/updatePickupPoint', method: 'POST', data: body }),
        invalidatesTags: ['PickupPoint'],
      }),
      deletePickupPoint: build.mutation<{ ok: true }, Ref>({
        query: (body) => ({ url: '/api/delivery/deletePickupPoint', method: 'POST', data: body }),
        invalidatesTags: ['PickupPoint'],
      }),
      listRiders: build.query<{ items: Rider[] }, { shopId: string }>({
        query: (params) => ({ url: '/api/delivery/riders', params }),
        providesTags: ['Rider'],
      }),
      createRider: build.mutation<Rider, TRiderInput & { shopId: string }>({
        query: (body) => ({ url: '/api/delivery/createRider', method: 'POST', data: body }),
        invalidatesTags: ['Rider'],
      }),
      updateRider: build.mutation<Rider, TRiderInput & Ref>({
        query: (body) => ({ url: '/api/delivery/updateRider', method: 'POST', data: body }),
        invalidatesTags: ['Rider'],
      }),
      getOrderDelivery: build.query<{ delivery: OrderDelivery | null }, { shopId: string; orderId: string }>({
        query: (params) => ({ url: '/api/delivery/orderDelivery', params }),
        providesTags: ['OrderDelivery'],
      }),
      // The order moves to « En livraison »: its page and the lists read it again.
      assignOrder: build.mutation<OrderDelivery, { shopId: string; orderId: string; riderId: string }>({
        query: (body) => ({ url: '/api/delivery/assign', method: 'POST', data: body }),
        invalidatesTags: ['OrderDelivery', 'Order'],
      }),
    }),
  });

export const {
  useListZonesQuery,
  useCreateZoneMutation,
  useUpdateZoneMutation,
  useDeleteZoneMutation,
  useAddStarterZonesMutation,
  useQuoteDeliveryQuery,
  useListPickupPointsQuery,
  useCreatePickupPointMutation,
  useUpdatePickupPointMutation,
  useDeletePickupPointMutation,
  useListRidersQuery,
  useCreateRiderMutation,
  useUpdateRiderMutation,
  useGetOrderDeliveryQuery,
  useAssignOrderMutation,
} = deliveryApi;
