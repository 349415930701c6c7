import { api } from '@/client/api/api';
import type {
  TPickupPoint,
  TPickupPointInput,
  TRider,
  TRiderInput,
  TZone,
  TZoneInput,
  TOrderDelivery,
  TDeliverySettings,
  TDeliveryReport,
  TRiderCash,
  TLedgerDay,
  TRACKING_SMS_RESULTS,
  TBoard,
  TRunSheet,
  TDeliveryFigures,
} from '../delivery.schemas';
import type { StarterCity } from '../starter-zones';

export { useQuoteDeliveryQuery, type DeliveryQuote, type QuoteArgs } from './delivery-quote.api';

/* Livraison's endpoints: zones, pickup points, riders (the fee of an address: delivery-quote.api.ts). */

export type Zone = TZone;
export type PickupPoint = TPickupPoint;
export type Rider = TRider;
export type OrderDelivery = TOrderDelivery;
export type RiderCash = TRiderCash;
export type LedgerDay = TLedgerDay;
type TrackingSms = (typeof TRACKING_SMS_RESULTS)[number];
type RiderRef = { shopId: string; riderId: string };
type RiderLink = { url: string | null; createdAt: string | null };
type Ref = { shopId: string; id: string };

const deliveryApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'DeliveryZone',
      'PickupPoint',
      'Rider',
      'OrderDelivery',
      'RiderLink',
      'RiderCash',
      'DeliverySettings',
    ],
  })
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
      getOrderDelivery: build.query<
        { delivery: OrderDelivery | null; trackingUrl: string | null },
        { shopId: string; orderId: string }
      >({
        query: (params) => ({ url: '/api/delivery/orderDelivery', params }),
        providesTags: ['OrderDelivery'],
      }),
      // The order moves to « En livraison »: its page and the lists read it again.
      assignOrder: build.mutation<
        OrderDelivery & { trackingSms: TrackingSms; trackingUrl: string },
        { shopId: string; orderId: string; riderId: string }
      >({
        query: (body) => ({ url: '/api/delivery/assign', method: 'POST', data: body }),
        invalidatesTags: ['OrderDelivery', 'Order', 'RiderCash'],
      }),
      deliveryBoard: build.query<TBoard, { shopId: string; stage: TBoard['stage'] }>({
        query: (params) => ({ url: '/api/delivery/board', params }),
        providesTags: ['OrderDelivery', 'Order'],
      }),
      assignMany: build.mutation<
        { results: Array<{ orderId: string; number: number | null; isDone: boolean; error: string | null }> },
        { shopId: string; riderId: string; orderIds: string[] }
      >({
        query: (body) => ({ url: '/api/delivery/assignMany', method: 'POST', data: body }),
        invalidatesTags: ['OrderDelivery', 'Order', 'RiderCash'],
      }),
      runSheet: build.query<TRunSheet, RiderRef>({
        query: (params) => ({ url: '/api/delivery/runSheet', params }),
        providesTags: ['OrderDelivery'],
      }),
      deliveryFigures: build.query<TDeliveryFigures, { shopId: string; days: number }>({
        query: (params) => ({ url: '/api/delivery/figures', params }),
        providesTags: ['RiderCash', 'OrderDelivery'],
      }),
      sendTracking: build.mutation<
        { trackingSms: TrackingSms; trackingUrl: string },
        { shopId: string; orderId: string }
      >({
        query: (body) => ({ url: '/api/delivery/sendTracking', method: 'POST', data: body }),
      }),
      reportDelivery: build.mutation<
        OrderDelivery,
        Partial<TDeliveryReport> & { shopId: string; deliveryId: string }
      >({
        query: (body) => ({ url: '/api/delivery/report', method: 'POST', data: body }),
        invalidatesTags: ['OrderDelivery', 'Order', 'RiderCash'],
      }),
      getDeliverySettings: build.query<TDeliverySettings, { shopId: string }>({
        query: (params) => ({ url: '/api/delivery/settings', params }),
        providesTags: ['DeliverySettings'],
      }),
      updateDeliverySettings: build.mutation<
        TDeliverySettings,
        Partial<TDeliverySettings> & { shopId: string }
      >({
        query: (body) => ({ url: '/api/delivery/updateSettings', method: 'POST', data: body }),
        invalidatesTags: ['DeliverySettings'],
      }),
      getRiderLink: build.query<RiderLink, RiderRef>({
        query: (params) => ({ url: '/api/delivery/riderLink', params }),
        providesTags: ['RiderLink'],
      }),
      createRiderLink: build.mutation<RiderLink, RiderRef>({
        query: (body) => ({ url: '/api/delivery/createRiderLink', method: 'POST', data: body }),
        invalidatesTags: ['RiderLink', 'Rider'],
      }),
      revokeRiderLink: build.mutation<{ ok: true }, RiderRef>({
        query: (body) => ({ url: '/api/delivery/revokeRiderLink', method: 'POST', data: body }),
        invalidatesTags: ['RiderLink', 'Rider'],
      }),
      sendRiderLink: build.mutation<{ ok: true }, RiderRef>({
        query: (body) => ({ url: '/api/delivery/sendRiderLink', method: 'POST', data: body }),
      }),
      riderCash: build.query<{ items: RiderCash[] }, { shopId: string }>({
        query: (params) => ({ url: '/api/delivery/cash', params }),
        providesTags: ['RiderCash'],
      }),
      riderLedger: build.query<{ owed: number; days: LedgerDay[] }, RiderRef>({
        query: (params) => ({ url: '/api/delivery/riderLedger', params }),
        providesTags: ['RiderCash'],
      }),
      recordRemittance: build.mutation<
        { id: string; amount: number; isConfirmed: boolean; owed: number },
        RiderRef & { amount: number; code: string; note: string }
      >({
        query: (body) => ({ url: '/api/delivery/recordRemittance', method: 'POST', data: body }),
        invalidatesTags: ['RiderCash'],
      }),
      closeRiderDay: build.mutation<
        {
          riderId: string;
          day: string;
          cashCollected: number;
          mobileCollected: number;
          remitted: number;
          outstanding: number;
        },
        RiderRef
      >({
        query: (body) => ({ url: '/api/delivery/closeDay', method: 'POST', data: body }),
        invalidatesTags: ['RiderCash', 'Notification'],
      }),
    }),
  });

export const {
  useListZonesQuery,
  useCreateZoneMutation,
  useUpdateZoneMutation,
  useDeleteZoneMutation,
  useAddStarterZonesMutation,
  useListPickupPointsQuery,
  useCreatePickupPointMutation,
  useUpdatePickupPointMutation,
  useDeletePickupPointMutation,
  useListRidersQuery,
  useCreateRiderMutation,
  useUpdateRiderMutation,
  useGetOrderDeliveryQuery,
  useAssignOrderMutation,
  useSendTrackingMutation,
  useDeliveryBoardQuery,
  useAssignManyMutation,
  useRunSheetQuery,
  useDeliveryFiguresQuery,
  useReportDeliveryMutation,
  useGetDeliverySettingsQuery,
  useUpdateDeliverySettingsMutation,
  useGetRiderLinkQuery,
  useCreateRiderLinkMutation,
  useRevokeRiderLinkMutation,
  useSendRiderLinkMutation,
  useRiderCashQuery,
  useRiderLedgerQuery,
  useRecordRemittanceMutation,
  useCloseRiderDayMutation,
} = deliveryApi;
