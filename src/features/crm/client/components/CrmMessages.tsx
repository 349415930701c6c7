import { Badge, HStack, Text } from '@chakra-ui/react';
import { Table } from '@/client/ui/table';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { formatDateTime } from '@/shared/dates';
import { formatPhone } from '@/shared/phone-format';
import type { CampaignMessage } from '../crm.api';

const MESSAGE_STATUS: Record<CampaignMessage['status'], [string, string]> = {
  queued: ['En file', 'gray'],
  sending: ['En file', 'gray'],
  sent: ['Envoyé', 'green'],
  failed: ['Échec', 'red'],
  skipped: ['Ignoré (STOP)', 'orange'],
};

/** A message's badge: its status, or once sent what the gateway's delivery report said. */
function messageBadge(message: CampaignMessage): [string, string] {
  if (message.status === 'sent' && message.delivery === 'delivered') return ['Remis', 'green'];
  if (message.status === 'sent' && message.delivery === 'undelivered') return ['Non remis', 'red'];
  return MESSAGE_STATUS[message.status];
}

function MessageRow({ message }: { message: CampaignMessage }) {
  const { layout } = useListLayout();
  const [label, colour] = messageBadge(message);
  const problem = message.error ?? message.deliveryError;
  const badge = <Badge colorPalette={colour}>{label}</Badge>;
  const code = message.discountCode ? (
    <Text fontSize="xs" color="fg.muted">{`Code ${message.discountCode}`}</Text>
  ) : null;
  if (layout === 'cards')
    return (
      <ListCard data-testid="campaign-message">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="medium">{formatPhone(message.phone)}</Text>
          {badge}
        </HStack>
        {code}
        {problem ? (
          <Text fontSize="xs" color="fg.error">
            {problem}
          </Text>
        ) : null}
      </ListCard>
    );
  return (
    <Table.Row data-testid="campaign-message">
      <Table.Cell>
        {formatPhone(message.phone)}
        {code}
      </Table.Cell>
      <Table.Cell>{badge}</Table.Cell>
      <Table.Cell textAlign="end">{message.parts}</Table.Cell>
      <Table.Cell>{message.sentAt ? formatDateTime(message.sentAt) : '—'}</Table.Cell>
      <Table.Cell fontSize="sm" color="fg.error" whiteSpace="normal">
        {problem ?? ''}
      </Table.Cell>
    </Table.Row>
  );
}

/** A campaign's or an automation's messages, each with its status and the gateway's answer. */
export function CrmMessages(props: {
  testId: string;
  messages: CampaignMessage[] | undefined;
  empty?: string;
}) {
  return (
    <ResponsiveList
      testId={props.testId}
      columns={5}
      bg="bg"
      header={
        <>
          <Table.ColumnHeader>Téléphone</Table.ColumnHeader>
          <Table.ColumnHeader>État</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">SMS</Table.ColumnHeader>
          <Table.ColumnHeader>Envoyé le</Table.ColumnHeader>
          <Table.ColumnHeader>Réponse de la passerelle</Table.ColumnHeader>
        </>
      }
    >
      {!props.messages ? (
        <ListMessage>Chargement…</ListMessage>
      ) : props.messages.length === 0 && props.empty ? (
        <ListMessage>{props.empty}</ListMessage>
      ) : (
        props.messages.map((m) => <MessageRow key={m.id} message={m} />)
      )}
    </ResponsiveList>
  );
}
