import { Box, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@/client/ui';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { LuMapPin, LuPlus } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { QueryTabs } from '@/client/components/QueryTabs';
import { EmptyListState } from '@/client/components/EmptyListState';
import { toaster } from '@/client/shell/toaster';
import { can } from '@/shared/permissions';
import type { Shop } from '@/features/shop/client/shop.api';
import { STARTER_CITIES, STARTER_ZONES, type StarterCity } from '../../starter-zones';
import { useAddStarterZonesMutation, useListZonesQuery, type Zone } from '../delivery.api';
import { ZoneCard } from '../components/ZoneCard';
import { FeeChecker } from '../components/FeeChecker';

// The tabs and the zone dialog load when first shown. Those still drawn with Chakra bring it with
// their code: « À livrer », the first, is drawn with the page's kit.
const tabLoading = () => <Skeleton h="32" />;
const Riders = dynamic(() => loadInChakraIsland(import('../components/Riders').then((m) => m.Riders)), {
  loading: tabLoading,
});
const PickupPoints = dynamic(
  () => loadInChakraIsland(import('../components/PickupPoints').then((m) => m.PickupPoints)),
  {
    loading: tabLoading,
  },
);
const RiderCashTab = dynamic(
  () => loadInChakraIsland(import('../components/RiderCashTab').then((m) => m.RiderCashTab)),
  {
    loading: tabLoading,
  },
);
const Board = dynamic(() => import('../components/Board').then((m) => m.Board), { loading: tabLoading });
const FiguresTab = dynamic(
  () => loadInChakraIsland(import('../components/FiguresTab').then((m) => m.FiguresTab)),
  {
    loading: tabLoading,
  },
);
const DistanceFees = dynamic(() =>
  loadInChakraIsland(import('../components/DistanceFees').then((m) => m.DistanceFees)),
);
const ZoneDialog = dynamic(() =>
  loadInChakraIsland(import('../components/ZoneDialog').then((m) => m.ZoneDialog)),
);

const TABS = {
  'a-livrer': 'À livrer',
  zones: 'Zones et frais',
  livreurs: 'Livreurs',
  caisse: 'Caisse des livreurs',
  chiffres: 'Chiffres',
  retraits: 'Points de retrait',
} as const;
type Tab = keyof typeof TABS;

function StarterButtons({ shopId }: { shopId: string }) {
  const [addStarter, { isLoading, originalArgs }] = useAddStarterZonesMutation();
  async function add(city: StarterCity) {
    try {
      const { created } = await addStarter({ shopId, city }).unwrap();
      toaster.create({
        type: created ? 'success' : 'info',
        title: created
          ? `${created} zone${created > 1 ? 's' : ''} de ${STARTER_ZONES[city].label} ajoutée${created > 1 ? 's' : ''}`
          : `Les communes de ${STARTER_ZONES[city].label} sont déjà dans vos zones`,
        description: created ? 'Vérifiez les frais et les délais : ce sont des valeurs usuelles.' : undefined,
        duration: 5000,
      });
    } catch {
      toaster.create({ type: 'error', title: 'Les zones n’ont pas pu être ajoutées. Réessayez.' });
    }
  }
  return (
    <>
      {STARTER_CITIES.map((city) => (
        <Button
          key={city}
          size="sm"
          variant="outline"
          loading={isLoading && originalArgs?.city === city}
          onClick={() => void add(city)}
        >
          Communes de {STARTER_ZONES[city].label}
        </Button>
      ))}
    </>
  );
}

function Zones({ shop, canManage }: { shop: Shop; canManage: boolean }) {
  const { data, isLoading } = useListZonesQuery({ shopId: shop._id });
  const [editing, setEditing] = useState<Zone | null | 'new'>(null);
  const zones = data?.items ?? [];
  const newZone = canManage ? (
    <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
      <LuPlus /> Nouvelle zone
    </Button>
  ) : null;
  return (
    <Stack gap="4" aria-busy={isLoading}>
      {isLoading ? <Skeleton h="32" /> : null}
      {!isLoading && zones.length === 0 ? (
        <Box borderWidth="1px" rounded="md" bg="bg" py="4">
          <EmptyListState
            testId="no-zones-yet"
            icon={<LuMapPin />}
            title="Aucune zone de livraison"
            description={
              canManage
                ? 'Regroupez les communes et quartiers que vous livrez, avec leurs frais : ils s’appliqueront d’eux-mêmes aux commandes. Partez de la liste de Dakar ou d’Abidjan, puis ajustez.'
                : 'Les zones et leurs frais de livraison apparaîtront ici.'
            }
            actions={
              canManage ? (
                <>
                  {newZone}
                  <StarterButtons shopId={shop._id} />
                </>
              ) : null
            }
          />
        </Box>
      ) : null}
      {zones.length > 0 ? (
        <>
          {canManage ? (
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Text color="fg.muted" fontSize="sm">
                {zones.length} zone{zones.length > 1 ? 's' : ''} ·{' '}
                {zones.reduce((n, z) => n + z.areas.length, 0)} communes et quartiers
              </Text>
              <HStack gap="2" flexWrap="wrap">
                <StarterButtons shopId={shop._id} />
                {newZone}
              </HStack>
            </HStack>
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="zones">
            {zones.map((zone) => (
              <ZoneCard
                key={zone.id}
                shopId={shop._id}
                zone={zone}
                currency={shop.currency}
                canManage={canManage}
                onEdit={() => setEditing(zone)}
              />
            ))}
          </SimpleGrid>
          <FeeChecker shopId={shop._id} currency={shop.currency} />
        </>
      ) : null}
      {!isLoading ? <DistanceFees shopId={shop._id} currency={shop.currency} canManage={canManage} /> : null}
      {editing !== null ? (
        <ZoneDialog
          shopId={shop._id}
          currency={shop.currency}
          zone={editing === 'new' ? null : editing}
          isOpen
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

function Delivery({ shop, canManage }: { shop: Shop; canManage: boolean }) {
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Livraison
      </Heading>
      <QueryTabs param="vue" tabs={(Object.keys(TABS) as Tab[]).map((t) => ({ value: t, label: TABS[t] }))}>
        <Tabs.Content value="a-livrer" pt="4" unmountOnExit>
          <Board shopId={shop._id} currency={shop.currency} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="zones" pt="4" unmountOnExit>
          <Zones shop={shop} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="livreurs" pt="4" unmountOnExit>
          <Riders shopId={shop._id} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="caisse" pt="4" unmountOnExit>
          <RiderCashTab shopId={shop._id} currency={shop.currency} canManage={canManage} />
        </Tabs.Content>
        <Tabs.Content value="chiffres" pt="4" unmountOnExit>
          <FiguresTab shopId={shop._id} currency={shop.currency} />
        </Tabs.Content>
        <Tabs.Content value="retraits" pt="4" unmountOnExit>
          <PickupPoints shopId={shop._id} canManage={canManage} />
        </Tabs.Content>
      </QueryTabs>
    </Stack>
  );
}

/** /livraison: the shop's delivery zones and fees, and its pickup points (all roles read). */
export function DeliveryScreen() {
  return (
    <AppShell capability="delivery:view">
      {({ shop, role }) => (shop ? <Delivery shop={shop} canManage={can(role, 'delivery:manage')} /> : null)}
    </AppShell>
  );
}
