import { z, ZId } from '@/shared/validation';
import { ZLayout } from './layout.schemas';

/* The site builder's requests and answers: its draft, the preview, publication and history. */

export const ZDesign = z.object({
  /** The draft when there is one, else what is published. */
  layout: ZLayout,
  hasUnpublishedChanges: z.boolean(),
  draftUpdatedAt: z.string().nullable(),
  /** What forbids publishing now (links that lead nowhere…), by field of the layout. */
  problems: z.record(z.string(), z.string()),
  /** The online shop's address, for « Voir le site ». */
  url: z.string(),
  isPublished: z.boolean(),
  /** Colours taken from the logo, already dark enough for white text. */
  suggestedColors: z.array(z.string()),
  /** Where menus and buttons may lead besides pages: the shop's categories. */
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TDesign = z.infer<typeof ZDesign>;

export const ZSaveDraftBody = z.object({ shopId: ZId, layout: ZLayout });
export type TSaveDraftBody = z.infer<typeof ZSaveDraftBody>;

export const ZPageWeight = z.object({
  page: z.string(),
  title: z.string(),
  total: z.number(),
  html: z.number(),
  js: z.number(),
  fonts: z.number(),
  images: z.number(),
  sections: z.array(z.object({ id: z.string(), name: z.string(), bytes: z.number() })),
  overBudget: z.array(z.string()),
});
export type TPageWeight = z.infer<typeof ZPageWeight>;

export const ZPreviewBody = z.object({
  shopId: ZId,
  layout: ZLayout,
  /** 'home' or a page's id. */
  page: z.string().trim().min(1).max(40),
});
export const ZPreview = z.object({ html: z.string(), weight: ZPageWeight });
export type TPreview = z.infer<typeof ZPreview>;

export const ZVersions = z.object({
  items: z.array(
    z.object({
      number: z.number(),
      publishedAt: z.string(),
      publishedBy: z.string().nullable(),
      restoredFromNumber: z.number().nullable(),
      isLive: z.boolean(),
    }),
  ),
});
export type TVersions = z.infer<typeof ZVersions>;

export const ZRestoreBody = z.object({ shopId: ZId, number: z.number().int().min(1) });
