import { Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Table } from '@/client/ui/table';
import { useState } from 'react';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { formatMoney } from '@/shared/money';
import { FIGURE_PERIODS } from '../../delivery.constants';
import type { TFigureRow } from '../../delivery.schemas';
import { useDeliveryFiguresQuery } from '../delivery.api';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}\u202f%`);

function FigureLine({ row, currency, withOwed }: { row: TFigureRow; currency: string; withOwed: boolean }) {
  const { layout } = useListLayout();
  const money = (n: number) => formatMoney(n, currency);
  if (layout === 'cards')
    return (
      <ListCard data-testid="delivery-figure">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="semibold" truncate>
            {row.label}
          </Text>
          <Text fontWeight="semibold">{percent(row.successRate)}</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {row.attempts} tentative{row.attempts > 1 ? 's' : ''} · {row.delivered} livrée
          {row.delivered > 1 ? 's' : ''} · {row.refused} refus · {row.absent} absent
          {row.absent > 1 ? 's' : ''} · {row.postponed} report
          {row.postponed > 1 ? 's' : ''}
        </Text>
        <Text fontSize="sm">
          Encaissé : {money(row.collected)}
          {withOwed && row.owed !== null ? ` · doit : ${money(row.owed)}` : ''}
        </Text>
      </ListCard>
    );
  return (
    <Table.Row data-testid="delivery-figure">
      <Table.Cell fontWeight="semibold">{row.label}</Table.Cell>
      <Table.Cell textAlign="end">{row.attempts}</Table.Cell>
      <Table.Cell textAlign="end">{row.delivered}</Table.Cell>
      <Table.Cell textAlign="end">{row.refused}</Table.Cell>
      <Table.Cell textAlign="end">{row.absent}</Table.Cell>
      <Table.Cell textAlign="end">{row.postponed}</Table.Cell>
      <Table.Cell textAlign="end">{percent(row.successRate)}</Table.Cell>
      <Table.Cell textAlign="end">{money(row.collected)}</Table.Cell>
      {withOwed ? <Table.Cell textAlign="end">{row.owed === null ? '—' : money(row.owed)}</Table.Cell> : null}
    </Table.Row>
  );
}

function FigureTable(props: {
  title: string;
  rows: TFigureRow[];
  currency: string;
  withOwed: boolean;
  empty: string;
}) {
  const headers = ['', 'Tentatives', 'Livrées', 'Refusées', 'Absents', 'Reportées', 'Réussite', 'Encaissé'];
  if (props.withOwed) headers.push('Doit');
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {props.title}
      </Heading>
      <ResponsiveList
        columns={headers.length}
        header={headers.map((h, i) => (
          <Table.ColumnHeader key={h || 'nom'} textAlign={i === 0 ? undefined : 'end'}>
            {h || (props.withOwed ? 'Livreur' : 'Zone')}
          </Table.ColumnHeader>
        ))}
      >
        {props.rows.length === 0 ? <ListMessage>{props.empty}</ListMessage> : null}
        {props.rows.map((row) => (
          <FigureLine
            key={row.key || 'hors-zone'}
            row={row}
            currency={props.currency}
            withOwed={props.withOwed}
          />
        ))}
      </ResponsiveList>
    </Stack>
  );
}

/**
 * « Chiffres »: over 7, 30 or 90 days, each rider's and each zone's attempts, how they ended, the
 * success rate and what was collected; for riders, the cash they hold now.
 */
export function FiguresTab({ shopId, currency }: { shopId: string; currency: string }) {
  const [days, setDays] = useState<(typeof FIGURE_PERIODS)[number]>(30);
  const { data, isFetching } = useDeliveryFiguresQuery({ shopId, days });
  return (
    <Stack gap="5" aria-busy={isFetching}>
      <HStack gap="2" role="group" aria-label="Période">
        {FIGURE_PERIODS.map((d) => (
          <Button
            key={d}
            size="xs"
            variant={d === days ? 'solid' : 'outline'}
            colorPalette={d === days ? 'brand' : 'gray'}
            aria-pressed={d === days}
            onClick={() => setDays(d)}
          >
            {d} jours
          </Button>
        ))}
      </HStack>
      {!data ? (
        <Skeleton h="40" />
      ) : (
        <>
          <FigureTable
            title="Par livreur"
            rows={data.riders}
            currency={currency}
            withOwed
            empty="Aucune livraison close sur la période."
          />
          <FigureTable
            title="Par zone"
            rows={data.zones}
            currency={currency}
            withOwed={false}
            empty="Aucune livraison close sur la période."
          />
        </>
      )}
    </Stack>
  );
}
