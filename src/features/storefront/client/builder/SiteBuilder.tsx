import { Alert, Box, Button, Grid, HStack, Link, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import { toaster } from '@/client/shell/toaster';
import { pagePath, type StorefrontLayout } from '@/shared/storefront/layout';
import type { TPreview } from '../../design.schemas';
import { sectionsOf, targetOptions, withSections, type PageKey } from './design-edit';
import { HistoryDialog } from './HistoryDialog';
import { MenusPanel } from './MenusPanel';
import { PagesPanel } from './PagesPanel';
import { PreviewPane } from './PreviewPane';
import { SectionList } from './SectionList';
import {
  useDiscardDraftMutation,
  usePreviewPageMutation,
  usePublishDesignMutation,
  useSaveDraftMutation,
  type Design,
} from './site-builder.api';
import { ThemePanel } from './ThemePanel';

const PANELS = {
  sections: 'Sections',
  theme: 'Thème et marque',
  pages: 'Pages et référencement',
  menus: 'Menus',
} as const;
type Panel = keyof typeof PANELS;
type SaveState = 'saved' | 'saving' | 'invalid' | 'failed';

/** The server's error details with the layout's own prefix taken off (`home.sections.0.settings.title`). */
function detailsOf(error: unknown): Record<string, string> {
  const details = error instanceof ApiError ? (error.details ?? {}) : {};
  return Object.fromEntries(Object.entries(details).map(([k, v]) => [k.replace(/^layout\./, ''), String(v)]));
}

const SAVE_LABELS: Record<SaveState, string> = {
  saved: 'Brouillon enregistré',
  saving: 'Enregistrement…',
  invalid: 'Brouillon non enregistré : corrigez les champs signalés',
  failed: 'Brouillon non enregistré : vérifiez votre connexion',
};

/**
 * Site web › Éditeur: the design edited as a list of sections per page, with the theme, pages and
 * menus; saved as a draft a moment after each change, previewed beside (a tab on a phone), and
 * published when the seller says so.
 */
export function SiteBuilder({
  shopId,
  shopName,
  timeZone,
  design,
  logoUrl,
  canChangeLogo,
  onLogoChanged,
}: {
  shopId: string;
  shopName: string;
  timeZone: string;
  design: Design;
  logoUrl: string | null;
  canChangeLogo: boolean;
  onLogoChanged: () => void;
}) {
  const isPhone = useIsPhone();
  const [layout, setLayout] = useState<StorefrontLayout>(design.layout);
  const [page, setPage] = useState<PageKey>('home');
  const [panel, setPanel] = useState<Panel>('sections');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState(design.problems);
  const [hasUnpublished, setHasUnpublished] = useState(design.hasUnpublishedChanges);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [saveDraft] = useSaveDraftMutation();
  const [publish, publishing] = usePublishDesignMutation();
  const [discard, discarding] = useDiscardDraftMutation();
  const [drawPreview, previewing] = usePreviewPageMutation();
  const edits = useRef(0);
  const pending = useRef<Promise<boolean> | null>(null);

  const adopt = useCallback((next: Design) => {
    setLayout(next.layout);
    setProblems(next.problems);
    setHasUnpublished(next.hasUnpublishedChanges);
    setInvalid({});
    setSaveState('saved');
    edits.current = 0;
  }, []);

  const save = useCallback(
    async (draft: StorefrontLayout): Promise<boolean> => {
      const edit = edits.current;
      setSaveState('saving');
      try {
        const saved = await saveDraft({ shopId, layout: draft }).unwrap();
        // An answer to an older draft than the one on screen changes nothing but the state.
        if (edit === edits.current) {
          setProblems(saved.problems);
          setHasUnpublished(saved.hasUnpublishedChanges);
          setInvalid({});
          setSaveState('saved');
        }
        return true;
      } catch (error) {
        setInvalid(detailsOf(error));
        setSaveState(error instanceof ApiError && error.status === 422 ? 'invalid' : 'failed');
        return false;
      }
    },
    [saveDraft, shopId],
  );

  // A moment after the last change: the draft is saved, then the preview drawn from it.
  useEffect(() => {
    if (edits.current === 0) return;
    const timer = window.setTimeout(() => {
      pending.current = save(layout);
    }, 700);
    return () => window.clearTimeout(timer);
  }, [layout, save]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      drawPreview({ shopId, layout, page })
        .unwrap()
        .then(setPreview, () => undefined);
    }, 400);
    return () => window.clearTimeout(timer);
  }, [layout, page, shopId, drawPreview]);

  const change = (next: StorefrontLayout) => {
    edits.current += 1;
    setLayout(next);
  };

  async function onPublish() {
    // The last changes are saved first: what is published is what the seller sees.
    if (edits.current > 0 && !(await save(layout))) return;
    if (pending.current) await pending.current;
    try {
      const published = await publish({ shopId }).unwrap();
      adopt(published);
      toaster.create({
        type: 'success',
        title: 'Site publié',
        description: 'Vos visiteurs voient maintenant cette version.',
      });
    } catch (error) {
      const details = detailsOf(error);
      setInvalid(details);
      toaster.create({
        type: 'error',
        title: 'Publication refusée',
        description: Object.values(details)[0] ?? 'Réessayez dans un instant.',
        duration: 10_000,
      });
    }
  }

  const errors = useMemo(() => ({ ...problems, ...invalid }), [problems, invalid]);
  const pageErrors = useMemo(() => {
    const prefix = `${pagePath(layout, page)}.sections.`;
    return Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
  }, [errors, layout, page]);
  const targets = targetOptions(layout, design.categories);
  const pageOptions = [
    { value: 'home', label: 'Page d’accueil' },
    ...layout.pages.map((p) => ({ value: p.id, label: p.title })),
  ];
  const problemList = Object.values(errors);

  const editor = (
    <Tabs.Root
      value={panel}
      onValueChange={(e) => setPanel(e.value as Panel)}
      variant="enclosed"
      size="sm"
      lazyMount
      unmountOnExit
      minW="0"
    >
      <Tabs.List flexWrap="wrap">
        {(Object.keys(PANELS) as Panel[]).map((p) => (
          <Tabs.Trigger key={p} value={p}>
            {PANELS[p]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="sections" pt="4">
        <Stack gap="3">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label="Page modifiée"
              value={page}
              onChange={(e) => setPage(e.currentTarget.value)}
            >
              {pageOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <SectionList
            key={page}
            sections={sectionsOf(layout, page)}
            onChange={(sections) => change(withSections(layout, page, sections))}
            errors={pageErrors}
            ctx={{ shopId, targets, categories: design.categories }}
          />
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="theme" pt="4">
        <ThemePanel
          shopId={shopId}
          layout={layout}
          suggestedColors={design.suggestedColors}
          errors={errors}
          onChange={change}
          logoUrl={logoUrl}
          canChangeLogo={canChangeLogo}
          onLogoChanged={onLogoChanged}
        />
      </Tabs.Content>
      <Tabs.Content value="pages" pt="4">
        <PagesPanel
          shopId={shopId}
          shopName={shopName}
          siteUrl={design.url}
          layout={layout}
          errors={errors}
          onChange={change}
          onEditSections={(id) => {
            setPage(id);
            setPanel('sections');
          }}
        />
      </Tabs.Content>
      <Tabs.Content value="menus" pt="4">
        <MenusPanel shopId={shopId} layout={layout} targets={targets} errors={errors} onChange={change} />
      </Tabs.Content>
    </Tabs.Root>
  );
  const previewPane = (
    <PreviewPane
      html={preview?.html ?? null}
      weight={preview?.weight ?? null}
      isLoading={previewing.isLoading}
    />
  );

  return (
    <Stack gap="4">
      <HStack
        justify="space-between"
        gap="3"
        flexWrap="wrap"
        position="sticky"
        top="14"
        zIndex="docked"
        bg="bg.subtle"
        py="2"
      >
        <Stack gap="0" minW="0">
          <Text
            fontSize="sm"
            fontWeight="semibold"
            role="status"
            color={saveState === 'saved' ? 'fg.muted' : saveState === 'saving' ? 'fg' : 'fg.error'}
          >
            {SAVE_LABELS[saveState]}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {hasUnpublished ? 'Modifications pas encore publiées' : 'Le site en ligne est à jour'}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Link href={design.url} target="_blank" rel="noopener" fontSize="sm" color="brand.fg">
            Voir le site <LuExternalLink aria-hidden />
          </Link>
          <HistoryDialog
            shopId={shopId}
            timeZone={timeZone}
            hasUnpublishedChanges={hasUnpublished}
            onRestored={adopt}
          />
          {hasUnpublished ? (
            <Button
              size="sm"
              variant="ghost"
              loading={discarding.isLoading}
              onClick={() => void discard({ shopId }).unwrap().then(adopt)}
            >
              Annuler les modifications
            </Button>
          ) : null}
          <Button
            size="sm"
            colorPalette="brand"
            loading={publishing.isLoading}
            loadingText="Publication…"
            disabled={saveState === 'invalid'}
            onClick={() => void onPublish()}
          >
            Publier
          </Button>
        </HStack>
      </HStack>
      {!design.isPublished ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            La boutique en ligne est fermée : ouvrez-la dans Réglages pour que vos visiteurs voient le site
            publié.
          </Alert.Description>
        </Alert.Root>
      ) : null}
      {problemList.length ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>À corriger avant de publier</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="1" ps="4" listStyleType="disc">
                {problemList.slice(0, 5).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {isPhone ? (
        <Tabs.Root
          value={view}
          onValueChange={(e) => setView(e.value as 'edit' | 'preview')}
          variant="line"
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            <Tabs.Trigger value="edit">Modifier</Tabs.Trigger>
            <Tabs.Trigger value="preview">Aperçu</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="edit" pt="4">
            {editor}
          </Tabs.Content>
          <Tabs.Content value="preview" pt="4">
            {previewPane}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 26rem) minmax(0, 1fr)' }}
          gap="6"
          alignItems="start"
        >
          {editor}
          <Box position={{ lg: 'sticky' }} top="36">
            {previewPane}
          </Box>
        </Grid>
      )}
    </Stack>
  );
}
