import { ZId, z } from '@/shared/validation';
import { isCapability, type Capability } from '@/shared/permissions';

export const NOTIFICATION_TYPES = ['order', 'shop', 'product', 'low_stock', 'delivery'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ZNotification = z.object({
  _id: z.string(),
  shopId: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  description: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** The app page it is about (the order, the product…), without the shop; null: nothing to open. */
  link: z.string().nullable(),
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
  /** An app path (« /mes-commandes/<id> »): the bell opens it in the shop. */
  link: z
    .string()
    .regex(/^\/[^/]/)
    .max(300)
    .optional(),
  /**
   * Who may see it: the roles holding this capability (the order's news to those who see every
   * order, low stock to those who see products…). Absent: every member of the shop.
   */
  capability: z.custom<Capability>((v) => typeof v === 'string' && isCapability(v)).optional(),
  /** The user whose action it reports: told nothing live (no toast of their own order). */
  authorId: z.string().optional(),
});
export type TCreateNotificationInput = z.input<typeof ZCreateNotificationInput>;
