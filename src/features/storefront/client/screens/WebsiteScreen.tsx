import { Heading, Skeleton, Stack, Tabs, Text } from '@/client/ui';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { AppShell } from '@/client/shell/AppShell';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import type { Shop } from '@/features/shop/client/shop.api';
import { can } from '@/shared/permissions';
import { useGetStorefrontQuery } from '../storefront.api';
import { useGetDesignQuery } from '../builder/site-builder.api';

// The views' contents are still drawn with Chakra: each brings it with its own code, loaded once
// the view is open and its data is in (the page's frame, tabs and header, paints without it).
const AbandonedCarts = dynamic(
  () => loadInChakraIsland(import('../components/AbandonedCarts').then((m) => m.AbandonedCarts)),
  { loading: () => <Skeleton h="32" /> },
);
const StorefrontSettingsForm = dynamic(
  () =>
    loadInChakraIsland(import('../components/StorefrontSettingsForm').then((m) => m.StorefrontSettingsForm)),
  { loading: () => <Skeleton h="64" /> },
);
const DomainCheck = dynamic(
  () => loadInChakraIsland(import('../components/DomainCheck').then((m) => m.DomainCheck)),
  { loading: () => <Skeleton h="24" /> },
);
const SiteBuilder = dynamic(
  () => loadInChakraIsland(import('../builder/SiteBuilder').then((m) => m.SiteBuilder)),
  { loading: () => <Skeleton h="96" /> },
);

const TABS = { editeur: 'Éditeur du site', reglages: 'Réglages', paniers: 'Paniers abandonnés' } as const;
type Tab = keyof typeof TABS;

const failed = <Text color="fg.error">Le site n’a pas pu être chargé. Rechargez la page.</Text>;

function Builder({ shop, canChangeLogo }: { shop: Shop; canChangeLogo: boolean }) {
  const { data, isLoading, isError, refetch } = useGetDesignQuery({ shopId: shop._id });
  if (isLoading) return <Skeleton h="96" />;
  if (isError || !data) return failed;
  return (
    <SiteBuilder
      shopId={shop._id}
      shopName={shop.name}
      timeZone={shop.timeZone}
      design={data}
      logoUrl={shop.logoUrl}
      canChangeLogo={canChangeLogo}
      onLogoChanged={() => void refetch()}
    />
  );
}

function Settings({ shop }: { shop: Shop }) {
  const { data, isLoading, isError } = useGetStorefrontQuery({ shopId: shop._id });
  if (isLoading) return <Skeleton h="64" />;
  if (isError || !data) return failed;
  return (
    <Stack gap="8">
      <StorefrontSettingsForm shopId={shop._id} currency={shop.currency} settings={data} />
      <Stack gap="3" maxW="2xl">
        <Heading as="h2" size="md">
          Domaine
        </Heading>
        <DomainCheck shopId={shop._id} customDomain={data.customDomain} />
      </Stack>
    </Stack>
  );
}

function Website({ shop, canChangeLogo }: { shop: Shop; canChangeLogo: boolean }) {
  const router = useRouter();
  const asked = String(router.query.vue ?? '');
  const tab: Tab = asked in TABS ? (asked as Tab) : 'editeur';
  function show(next: string) {
    const query = { ...router.query, vue: next };
    if (next === 'editeur') delete (query as Record<string, unknown>).vue;
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  }
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Site web
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => show(e.value)} variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden" scrollbarWidth="none">
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <Tabs.Trigger key={t} value={t} whiteSpace="nowrap" flexShrink={0}>
              {TABS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="editeur" pt="4" unmountOnExit>
          <Builder shop={shop} canChangeLogo={canChangeLogo} />
        </Tabs.Content>
        <Tabs.Content value="reglages" pt="4" unmountOnExit>
          <Settings shop={shop} />
        </Tabs.Content>
        <Tabs.Content value="paniers" pt="4" unmountOnExit>
          <AbandonedCarts shopId={shop._id} currency={shop.currency} timeZone={shop.timeZone} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** /website: the site builder (draft, preview, publication), the shop's settings and domain, abandoned carts. */
export function WebsiteScreen() {
  return (
    <AppShell capability="website:manage">
      {({ shop, role }) =>
        shop ? <Website shop={shop} canChangeLogo={role ? can(role, 'shop:settings') : false} /> : null
      }
    </AppShell>
  );
}
