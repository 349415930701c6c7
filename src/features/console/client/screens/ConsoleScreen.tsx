import {
  Box,
  Button,
  Flex,
  Heading,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { ResponsiveList } from '@/client/components/ResponsiveList';
import { useDebounced } from '@/client/hooks/use-debounced';
import { useState } from 'react';
import { LuArrowLeft, LuSearch } from 'react-icons/lu';
import { LogoMark } from '@/client/brand/LogoMark';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { useApiReady } from '@/client/session/use-api-ready';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import { useGetUserInfoQuery } from '@/features/user/client/user.api';
import { useSetShopBlockedMutation, type ConsoleShop } from '../console.api';
import { ShopPage } from '../components/ShopRows';
import { LinkTabs, useLinkTab } from '@/client/components/LinkTabs';
import dynamic from 'next/dynamic';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';

// The dialog, still drawn with Chakra, loads with it when a shop's plan is first edited.
const EditSubscriptionDialog = dynamic(() =>
  loadInChakraIsland(import('../components/EditSubscriptionDialog').then((m) => m.EditSubscriptionDialog)),
);

// Loaded when its tab is first shown: the console opens on the shops.
const JobsPanel = dynamic(() => import('../components/JobsPanel').then((m) => m.JobsPanel), {
  loading: () => <Skeleton h="32" aria-busy="true" />,
});

function ShopTable({ search }: { search: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const [toBlock, setToBlock] = useState<ConsoleShop | null>(null);
  const [toEdit, setToEdit] = useState<ConsoleShop | null>(null);
  const [setBlocked, blockState] = useSetShopBlockedMutation();

  async function confirmBlock() {
    if (!toBlock) return;
    try {
      await setBlocked({ shopId: toBlock._id, isBlocked: !toBlock.isBlocked }).unwrap();
      toaster.create({
        title: toBlock.isBlocked ? 'Boutique débloquée' : 'Boutique bloquée',
        type: 'success',
        duration: 2500,
      });
    } catch (error) {
      toaster.create({
        title: 'Action refusée',
        description: error instanceof ApiError ? error.message : undefined,
        type: 'error',
        duration: 4000,
      });
    }
    setToBlock(null);
  }

  const pages = [undefined, ...cursors];
  return (
    <>
      <ResponsiveList
        testId="console-shops"
        columns={7}
        stickyHeader
        bg="bg"
        header={
          <>
            <Table.ColumnHeader>Boutique</Table.ColumnHeader>
            <Table.ColumnHeader>Propriétaire</Table.ColumnHeader>
            <Table.ColumnHeader>Forfait</Table.ColumnHeader>
            <Table.ColumnHeader>Échéances</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Agents</Table.ColumnHeader>
            <Table.ColumnHeader>Statut</Table.ColumnHeader>
            <Table.ColumnHeader>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeader>
          </>
        }
      >
        {pages.map((after, index) => (
          <ShopPage
            key={after ?? 'first'}
            search={search}
            after={after}
            onBlock={setToBlock}
            onEdit={setToEdit}
            onMore={index === pages.length - 1 ? (c) => setCursors((list) => [...list, c]) : undefined}
          />
        ))}
      </ResponsiveList>
      <ConfirmDialog
        isOpen={!!toBlock}
        onClose={() => setToBlock(null)}
        onConfirm={() => void confirmBlock()}
        title="Demande de confirmation"
        confirmLabel={toBlock?.isBlocked ? 'Débloquer' : 'Bloquer'}
        colorPalette={toBlock?.isBlocked ? 'green' : 'red'}
        isLoading={blockState.isLoading}
      >
        {toBlock?.isBlocked
          ? `« ${toBlock.name} » retrouvera l’accès à son back-office.`
          : `Les agents de « ${toBlock?.name ?? ''} » ne verront plus que l’écran de blocage, immédiatement.`}
      </ConfirmDialog>
      {toEdit ? <EditSubscriptionDialog shop={toEdit} onClose={() => setToEdit(null)} /> : null}
    </>
  );
}

const VIEWS = [
  { value: 'boutiques', label: 'Boutiques' },
  { value: 'taches', label: 'Tâches de fond' },
] as const;

/** /console: the platform operators' view of every shop (PLATFORM_OPERATORS and the demo operator). */
export function ConsoleScreen() {
  const isApiReady = useApiReady();
  const user = useGetUserInfoQuery(undefined, { skip: !isApiReady });
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const tab = useLinkTab('onglet', VIEWS);

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Flex
        as="header"
        bg="bg"
        borderBottomWidth="1px"
        h="14"
        px={{ base: '3', md: '6' }}
        align="center"
        gap="3"
      >
        <LogoMark size={24} />
        <Text fontWeight="semibold">Console plateforme</Text>
        <Box flex="1" />
        <Button asChild variant="ghost" size="sm">
          <PageLink href="/">
            <LuArrowLeft /> Back-office
          </PageLink>
        </Button>
      </Flex>
      <Stack gap="5" px={{ base: '3', md: '8' }} py="6" maxW="7xl" mx="auto">
        {!user.data ? (
          <Skeleton h="40" />
        ) : !user.data.isPlatformOperator ? (
          <Stack align="center" textAlign="center" py="16" data-testid="access-denied">
            <Heading as="h1" size="xl">
              Accès refusé
            </Heading>
            <Text color="fg.muted">Cette page est réservée aux opérateurs de la plateforme.</Text>
          </Stack>
        ) : (
          <>
            <Heading as="h1" size="2xl">
              Console plateforme
            </Heading>
            <LinkTabs param="onglet" label="Vues de la console" views={VIEWS} />
            {tab === 'boutiques' ? (
              <Stack gap="5">
                <InputGroup startElement={<LuSearch />} maxW="md">
                  <Input
                    placeholder="Nom, lien ou téléphone du propriétaire"
                    aria-label="Rechercher une boutique"
                    value={input}
                    onChange={(e) => setInput(e.currentTarget.value)}
                    bg="bg"
                  />
                </InputGroup>
                <ShopTable key={search} search={search} />
              </Stack>
            ) : (
              <JobsPanel />
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
