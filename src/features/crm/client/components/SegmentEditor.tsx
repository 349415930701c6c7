import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  Menu,
  Portal,
  SegmentGroup,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Table } from '@/client/ui/table';
import { useMemo, useState } from 'react';
import { LuArrowLeft, LuPlus } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { useDebounced } from '@/client/hooks/use-debounced';
import { toaster } from '@/client/shell/toaster';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { ZSegmentDefinition, type SegmentField, type TSegmentDefinition } from '../../crm.schemas';
import { useCountSegmentQuery, useSaveSegmentMutation } from '../crm.api';
import { FIELD_LABELS, newRule, type DraftRule } from '../segment-rules';
import { RuleRow } from './RuleRow';
import { formatCount } from '@/shared/numbers';

export interface OpenedSegment {
  segmentId?: string;
  name: string;
  definition: TSegmentDefinition;
}

type Sample = NonNullable<ReturnType<typeof useCountSegmentQuery>['data']>['sample'][number];

function SampleRow({ client, currency }: { client: Sample; currency: string }) {
  const { layout } = useListLayout();
  const last = client.lastOrderAt ? formatDateTime(client.lastOrderAt).slice(0, 10) : '—';
  const phone = client.phone ? formatPhone(client.phone) : 'Sans téléphone';
  if (layout === 'cards')
    return (
      <ListCard>
        <HStack justify="space-between" gap="2">
          <Text fontWeight="medium" truncate>
            {client.name}
          </Text>
          <Text fontSize="sm">{formatMoney(client.totalSpent, currency)}</Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {`${phone} · ${client.ordersCount} commande${client.ordersCount > 1 ? 's' : ''} · dernière le ${last}${client.consentSms ? '' : ' · sans accord SMS'}`}
        </Text>
      </ListCard>
    );
  return (
    <Table.Row>
      <Table.Cell>{client.name}</Table.Cell>
      <Table.Cell>{phone}</Table.Cell>
      <Table.Cell textAlign="end">{formatMoney(client.totalSpent, currency)}</Table.Cell>
      <Table.Cell textAlign="end">{client.ordersCount}</Table.Cell>
      <Table.Cell>{last}</Table.Cell>
      <Table.Cell>{client.consentSms ? 'Oui' : 'Non'}</Table.Cell>
    </Table.Row>
  );
}

/** The live count of the segment as it is edited, and who an SMS would reach. */
function LiveCount({
  shopId,
  definition,
  currency,
}: {
  shopId: string;
  definition: TSegmentDefinition | null;
  currency: string;
}) {
  const count = useCountSegmentQuery(
    definition ? { shopId, definition } : { shopId, definition: { match: 'all', rules: [] } },
    {
      skip: !definition,
    },
  );
  if (!definition)
    return (
      <Text color="fg.muted" data-testid="segment-count">
        Complétez les règles pour voir combien de clients elles comptent.
      </Text>
    );
  const data = count.data;
  return (
    <Stack gap="3">
      {!data ? (
        <Skeleton h="6" />
      ) : (
        <Stack gap="0" data-testid="segment-count" aria-live="polite" opacity={count.isFetching ? 0.6 : 1}>
          <Text fontSize="lg" fontWeight="semibold">
            {`${formatCount(data.total)} client${data.total > 1 ? 's' : ''}`}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {`${formatCount(data.reachableSms)} joignable${data.reachableSms > 1 ? 's' : ''} par SMS · exclus : ${formatCount(data.noSmsConsent)} sans accord SMS, ${formatCount(data.noPhone)} sans téléphone`}
          </Text>
        </Stack>
      )}
      <ResponsiveList
        testId="segment-sample"
        columns={6}
        bg="bg"
        header={
          <>
            <Table.ColumnHeader>Client</Table.ColumnHeader>
            <Table.ColumnHeader>Téléphone</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total dépensé</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Commandes</Table.ColumnHeader>
            <Table.ColumnHeader>Dernière commande</Table.ColumnHeader>
            <Table.ColumnHeader>Accord SMS</Table.ColumnHeader>
          </>
        }
      >
        {data && data.sample.length === 0 ? (
          <ListMessage>Aucun client ne correspond à ces règles pour l’instant.</ListMessage>
        ) : (
          (data?.sample ?? []).map((client) => (
            <SampleRow key={client.id} client={client} currency={currency} />
          ))
        )}
      </ResponsiveList>
      {data && data.total > data.sample.length ? (
        <Text fontSize="xs" color="fg.muted">{`Les ${data.sample.length} premiers, par total dépensé.`}</Text>
      ) : null}
    </Stack>
  );
}

/**
 * A segment being written: its name, « toutes » or « au moins une » of its rules, the rules, the
 * live count; saved by those who may (crm:manage).
 */
export function SegmentEditor(props: {
  shopId: string;
  currency: string;
  opened: OpenedSegment;
  canManage: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.opened.name);
  const [match, setMatch] = useState(props.opened.definition.match);
  const [rules, setRules] = useState<DraftRule[]>(props.opened.definition.rules);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSaveSegmentMutation();

  const typed = useDebounced(
    useMemo(() => ({ match, rules }), [match, rules]),
    300,
  );
  // Counted once the rules are complete: an empty field would only bring the server's refusal.
  const definition = useMemo(() => {
    const parsed = ZSegmentDefinition.safeParse(typed);
    return parsed.success ? parsed.data : null;
  }, [typed]);

  const ruleError = (i: number) =>
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`definition.rules.${i}.`) || key === `definition.rules.${i}`)
      .map(([, message]) => message)[0];

  async function submit() {
    setErrors({});
    setFormError(null);
    try {
      await save({
        shopId: props.shopId,
        ...(props.opened.segmentId ? { segmentId: props.opened.segmentId } : {}),
        name,
        definition: { match, rules },
      }).unwrap();
      toaster.create({ title: 'Segment enregistré', type: 'success', duration: 2500 });
      props.onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.details);
        const general =
          error.details['definition.rules'] ?? (Object.keys(error.details).length ? null : error.message);
        setFormError(general);
      } else setFormError('Le segment n’a pas pu être enregistré.');
    }
  }

  return (
    <Stack gap="4" data-testid="segment-editor">
      <Box>
        <Button variant="ghost" size="sm" onClick={props.onClose}>
          <LuArrowLeft /> Segments
        </Button>
      </Box>
      <FormErrorAlert message={formError} />
      <Field.Root invalid={!!errors.name} maxW="md" required>
        <Field.Label>Nom du segment</Field.Label>
        <Input
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          readOnly={!props.canManage}
          bg="bg"
        />
        {errors.name ? <Field.ErrorText>{errors.name}</Field.ErrorText> : null}
      </Field.Root>
      <Stack gap="2">
        <HStack gap="3" flexWrap="wrap">
          <Text fontSize="sm">Les clients qui remplissent</Text>
          <SegmentGroup.Root
            size="sm"
            value={match}
            onValueChange={(e) => setMatch(e.value as 'all' | 'any')}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'all', label: 'toutes les règles' },
                { value: 'any', label: 'au moins une règle' },
              ]}
            />
          </SegmentGroup.Root>
        </HStack>
        {rules.map((rule, i) => (
          <RuleRow
            key={i}
            rule={rule}
            currency={props.currency}
            error={ruleError(i)}
            onChange={(next) => setRules((all) => all.map((r, j) => (j === i ? next : r)))}
            onRemove={() => setRules((all) => all.filter((_, j) => j !== i))}
          />
        ))}
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" alignSelf="flex-start">
              <LuPlus /> Ajouter une règle
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {(Object.keys(FIELD_LABELS) as SegmentField[]).map((field) => (
                  <Menu.Item
                    key={field}
                    value={field}
                    onClick={() => setRules((all) => [...all, newRule(field)])}
                  >
                    {FIELD_LABELS[field]}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Stack>
      <LiveCount shopId={props.shopId} definition={definition} currency={props.currency} />
      {props.canManage ? (
        <HStack>
          <Button colorPalette="brand" onClick={() => void submit()} loading={saving.isLoading}>
            Enregistrer le segment
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
