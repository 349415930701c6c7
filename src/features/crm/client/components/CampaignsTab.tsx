import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Table } from '@/client/ui/table';
import { useEffect, useState } from 'react';
import { LuArrowLeft, LuPlus } from 'react-icons/lu';
import { EmptyListState } from '@/client/components/EmptyListState';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { formatDateTime } from '@/shared/dates';
import type { TCampaign } from '../../crm.schemas';
import { useGetCampaignQuery, useListCampaignsQuery, type CampaignCodes } from '../crm.api';
import { CampaignComposer } from './CampaignComposer';
import { CrmMessages } from './CrmMessages';

const STATUS_COLOURS: Record<TCampaign['status'], string> = {
  programmée: 'purple',
  'en cours': 'blue',
  terminée: 'green',
};

/** « 42 SMS », or « WhatsApp » for a campaign sent there (one message each, not in the SMS plan). */
function volume(c: TCampaign): string {
  return c.channel === 'whatsapp' ? 'WhatsApp' : `${c.parts} SMS`;
}

/** « 12 envoyés (10 remis, 1 non remis) · 0 en file · … »: the reports' part only once there are some. */
function figures(c: TCampaign): string {
  const reports =
    c.delivered + c.undelivered > 0 ? ` (${c.delivered} remis, ${c.undelivered} non remis)` : '';
  return `${c.sent} envoyé${c.sent > 1 ? 's' : ''}${reports} · ${c.queued} en file · ${c.failed} en échec · ${c.skipped} ignoré${c.skipped > 1 ? 's' : ''}`;
}

function CampaignRow({ campaign, onOpen }: { campaign: TCampaign; onOpen: () => void }) {
  const { layout } = useListLayout();
  const status = <Badge colorPalette={STATUS_COLOURS[campaign.status]}>{campaign.status}</Badge>;
  const when = formatDateTime(campaign.sendAt);
  if (layout === 'cards')
    return (
      <ListCard data-testid="campaign" onClick={onOpen} cursor="pointer">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="semibold" truncate>
            {campaign.name}
          </Text>
          {status}
        </HStack>
        <Text
          fontSize="xs"
          color="fg.muted"
        >{`${when} · ${campaign.recipients} destinataires · ${volume(campaign)}`}</Text>
        <Text fontSize="xs" color="fg.muted">
          {figures(campaign)}
        </Text>
      </ListCard>
    );
  return (
    <Table.Row data-testid="campaign" onClick={onOpen} cursor="pointer">
      <Table.Cell fontWeight="medium">{campaign.name}</Table.Cell>
      <Table.Cell>{when}</Table.Cell>
      <Table.Cell textAlign="end">{campaign.recipients}</Table.Cell>
      <Table.Cell textAlign="end">{campaign.channel === 'whatsapp' ? 'WhatsApp' : campaign.parts}</Table.Cell>
      <Table.Cell fontSize="sm">{figures(campaign)}</Table.Cell>
      <Table.Cell>{status}</Table.Cell>
    </Table.Row>
  );
}

/** « Codes « Bienvenue » : 42 donnés, 5 utilisés » — what the campaign's codes brought in. */
function codesLine(codes: CampaignCodes): string {
  return `Codes « ${codes.discountName} » : ${codes.issued} donné${codes.issued > 1 ? 's' : ''}, ${codes.used} utilisé${codes.used > 1 ? 's' : ''}`;
}

/** One campaign: its figures and each recipient's status, refreshed while messages wait. */
function CampaignDetail({
  shopId,
  campaignId,
  onClose,
}: {
  shopId: string;
  campaignId: string;
  onClose: () => void;
}) {
  const [isDone, setDone] = useState(false);
  // Refreshed while messages wait; a finished campaign no longer changes.
  const detail = useGetCampaignQuery({ shopId, campaignId }, { pollingInterval: isDone ? 0 : 3000 });
  const campaign = detail.data?.campaign;
  useEffect(() => {
    if (campaign) setDone(campaign.queued === 0 && campaign.status !== 'programmée');
  }, [campaign]);
  return (
    <Stack gap="4" data-testid="campaign-detail">
      <Box>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <LuArrowLeft /> Campagnes
        </Button>
      </Box>
      {campaign ? (
        <Stack gap="1">
          <HStack gap="2">
            <Text fontWeight="semibold" fontSize="lg">
              {campaign.name}
            </Text>
            <Badge colorPalette={STATUS_COLOURS[campaign.status]}>{campaign.status}</Badge>
          </HStack>
          <Text
            fontSize="sm"
            color="fg.muted"
          >{`${formatDateTime(campaign.sendAt)} · ${campaign.recipients} destinataires · ${volume(campaign)}`}</Text>
          <Text fontSize="sm" data-testid="campaign-figures">
            {figures(campaign)}
          </Text>
          {detail.data?.codes ? (
            <Text fontSize="sm" data-testid="campaign-codes">
              {codesLine(detail.data.codes)}
            </Text>
          ) : null}
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" borderLeftWidth="2px" ps="3" mt="2">
            {campaign.template}
          </Text>
        </Stack>
      ) : null}
      <CrmMessages testId="campaign-messages" messages={detail.data?.messages} />
    </Stack>
  );
}

/** « Campagnes »: the shop's SMS campaigns, a new one, and each one's messages. */
export function CampaignsTab({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const campaigns = useListCampaignsQuery(shopId, { pollingInterval: 10_000 });
  const [view, setView] = useState<{ kind: 'list' } | { kind: 'new' } | { kind: 'detail'; id: string }>({
    kind: 'list',
  });
  if (view.kind === 'new')
    return (
      <CampaignComposer
        shopId={shopId}
        onClose={(id) => setView(id ? { kind: 'detail', id } : { kind: 'list' })}
      />
    );
  if (view.kind === 'detail')
    return <CampaignDetail shopId={shopId} campaignId={view.id} onClose={() => setView({ kind: 'list' })} />;
  const items = campaigns.data?.items ?? [];
  const newButton = canManage ? (
    <Button size="sm" colorPalette="brand" onClick={() => setView({ kind: 'new' })}>
      <LuPlus /> Nouvelle campagne
    </Button>
  ) : null;
  if (campaigns.isSuccess && items.length === 0)
    return (
      <EmptyListState
        title="Aucune campagne pour l’instant"
        description="Écrivez à un segment de vos clients par SMS : seuls ceux qui ont donné leur accord le reçoivent, chaque message se termine par la ligne STOP, et le forfait n’est jamais dépassé."
        actions={newButton}
      />
    );
  return (
    <Stack gap="3">
      <HStack justify="flex-end">{newButton}</HStack>
      <ResponsiveList
        testId="campaigns"
        columns={6}
        bg="bg"
        interactive
        header={
          <>
            <Table.ColumnHeader>Campagne</Table.ColumnHeader>
            <Table.ColumnHeader>Envoi</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Destinataires</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">SMS</Table.ColumnHeader>
            <Table.ColumnHeader>Messages</Table.ColumnHeader>
            <Table.ColumnHeader>État</Table.ColumnHeader>
          </>
        }
      >
        {!campaigns.data ? (
          <ListMessage>Chargement…</ListMessage>
        ) : (
          items.map((c) => (
            <CampaignRow key={c._id} campaign={c} onOpen={() => setView({ kind: 'detail', id: c._id })} />
          ))
        )}
      </ResponsiveList>
    </Stack>
  );
}
