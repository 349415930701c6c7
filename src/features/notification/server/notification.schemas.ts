import { ZId, z } from '@/shared/validation';

export const NOTIFICATION_TYPES = ['order', 'shop', 'product', 'low_stock'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ZNotification = z.object({
  _id: z.string(),
  shopId: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  description: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZGetByShopParams = z.object({ shopId: ZId });
export const ZGetByShopQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const ZMarkAsReadBody = z.object({
  notificationsArray: z.array(ZId).min(1).max(500),
  shopId: ZId,
});
export const ZMarkAsReadResult = z.object({ success: z.literal(true), modifiedCount: z.number().int() });

export const ZCreateNotificationInput = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(1000).default(''),
});
export type TCreateNotificationInput = z.input<typeof ZCreateNotificationInput>;
