import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { FieldShell, TextField } from '@/client/components/form';
import { SeoFields } from '@/client/components/SeoFields';
import {
  pageHasContent,
  type PageSeo,
  type SitePage,
  type StorefrontLayout,
} from '@/shared/storefront/layout';
import { newPage } from './design-edit';
import { useUploadSiteImageMutation } from './site-builder.api';

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function PageCard(props: {
  page: SitePage;
  index: number;
  siteUrl: string;
  shopId: string;
  errors: Record<string, string>;
  onChange: (page: SitePage) => void;
  onDelete: () => void;
  onEditSections: () => void;
}) {
  const { page, errors, index } = props;
  const [upload] = useUploadSiteImageMutation();
  const at = (field: string) => errors[`pages.${index}.${field}`];
  const firstText = page.sections.find((s) => s.type === 'rich_text');
  return (
    <Box borderWidth="1px" rounded="lg" p="3" bg="bg" data-testid="page-card">
      <HStack justify="space-between" gap="2" flexWrap="wrap" mb="3">
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold">{page.title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {pageHasContent(page) ? `/pages/${page.slug}` : 'Vide : ni affichée ni listée'}
          </Text>
        </Stack>
        <HStack gap="1">
          <Button size="sm" variant="outline" onClick={props.onEditSections}>
            <LuPencil /> Contenu
          </Button>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={`Supprimer la page ${page.title}`}
            onClick={props.onDelete}
          >
            <LuTrash2 />
          </Button>
        </HStack>
      </HStack>
      <Stack gap="3">
        <TextField
          label="Titre"
          name={`pages.${index}.title`}
          value={page.title}
          error={at('title')}
          onChange={(title) => props.onChange({ ...page, title })}
        />
        <TextField
          label="Adresse de la page"
          name={`pages.${index}.slug`}
          value={page.slug}
          error={at('slug')}
          helper="Lettres minuscules sans accent, chiffres et tirets."
          onChange={(slug) => props.onChange({ ...page, slug: slug.toLowerCase() })}
        />
        <details>
          <Box as="summary" cursor="pointer" fontWeight="semibold" py="1">
            Référencement (Google)
          </Box>
          <Box pt="2">
            <SeoFields
              idPrefix={`page-${page.id}`}
              value={page.seo}
              onChange={(seo) => props.onChange({ ...page, seo: { ...page.seo, ...seo } as PageSeo })}
              fallbackTitle={page.title}
              fallbackDescription={firstText?.type === 'rich_text' ? textOf(firstText.settings.html) : ''}
              url={`${props.siteUrl}/pages/${page.slug}`}
              errors={{
                title: at('seo.title') ?? '',
                description: at('seo.description') ?? '',
                imageUrl: at('seo.imageUrl') ?? '',
              }}
              showImage
              onUploadImage={async (file) => (await upload({ shopId: props.shopId, file }).unwrap()).url}
            />
          </Box>
        </details>
      </Stack>
    </Box>
  );
}

/** The home page's search-engine fields, then every other page: title, address, SEO; add and delete. */
export function PagesPanel(props: {
  shopId: string;
  shopName: string;
  siteUrl: string;
  layout: StorefrontLayout;
  errors: Record<string, string>;
  onChange: (next: StorefrontLayout) => void;
  onEditSections: (pageId: string) => void;
}) {
  const { layout, onChange, errors } = props;
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<SitePage | null>(null);
  const [upload] = useUploadSiteImageMutation();
  const linked = (page: SitePage) =>
    [...layout.header.menu, ...layout.footer.menu].some((l) => l.target === `page:${page.id}`);
  const clean = (e: string | undefined) => e ?? '';
  return (
    <Stack gap="5">
      <Box borderWidth="1px" rounded="lg" p="3" bg="bg">
        <Text fontWeight="semibold" mb="2">
          Page d’accueil : référencement (Google)
        </Text>
        <SeoFields
          idPrefix="home"
          value={layout.home.seo}
          onChange={(seo) =>
            onChange({ ...layout, home: { ...layout.home, seo: { ...layout.home.seo, ...seo } as PageSeo } })
          }
          fallbackTitle={props.shopName}
          fallbackDescription={`${props.shopName} : commandez en ligne, payez par mobile money ou à la livraison.`}
          url={props.siteUrl}
          errors={{
            title: clean(errors['home.seo.title']),
            description: clean(errors['home.seo.description']),
            imageUrl: clean(errors['home.seo.imageUrl']),
          }}
          showImage
          onUploadImage={async (file) => (await upload({ shopId: props.shopId, file }).unwrap()).url}
        />
      </Box>
      {layout.pages.map((page, index) => (
        <PageCard
          key={page.id}
          page={page}
          index={index}
          siteUrl={props.siteUrl}
          shopId={props.shopId}
          errors={errors}
          onChange={(next) =>
            onChange({ ...layout, pages: layout.pages.map((p) => (p.id === page.id ? next : p)) })
          }
          onDelete={() => setDeleting(page)}
          onEditSections={() => props.onEditSections(page.id)}
        />
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) return;
          const page = newPage(layout, title.trim());
          onChange({ ...layout, pages: [...layout.pages, page] });
          setTitle('');
          props.onEditSections(page.id);
        }}
      >
        <FieldShell label="Nouvelle page" helper="Par exemple « Nos engagements » ou « Recrutement ».">
          <HStack>
            <Input
              name="newPageTitle"
              value={title}
              maxLength={80}
              onChange={(e) => setTitle(e.currentTarget.value)}
              placeholder="Titre de la page"
            />
            <Button type="submit" variant="outline" colorPalette="brand" disabled={!title.trim()}>
              <LuPlus /> Ajouter
            </Button>
          </HStack>
        </FieldShell>
      </form>
      <ConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer la page ?"
        confirmLabel="Supprimer"
        colorPalette="red"
        onConfirm={() => {
          if (deleting) onChange({ ...layout, pages: layout.pages.filter((p) => p.id !== deleting.id) });
          setDeleting(null);
        }}
      >
        {deleting && linked(deleting)
          ? `Un menu mène à « ${deleting.title} » : retirez ce lien avant de publier, sinon la publication sera refusée.`
          : `« ${deleting?.title ?? ''} » disparaîtra du site à la prochaine publication.`}
      </ConfirmDialog>
    </Stack>
  );
}
