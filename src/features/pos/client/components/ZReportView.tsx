import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import type { ZReport } from '../../pos.schemas';
import { PAYMENT_METHOD_LABELS } from '../pos-constants';
import type { TillContext } from '../offline/types';
import { formatDateTime } from '@/shared/dates';

function Line({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Flex justify="space-between" gap="3" fontWeight={isStrong ? 'bold' : undefined}>
      <Text>{label}</Text>
      <Text whiteSpace="nowrap">{value}</Text>
    </Flex>
  );
}
const Rule = () => <Box borderTop="1px dashed" borderColor="currentColor" my="1.5" opacity={0.6} />;

/** The Z report (an X report while the session is open), on screen and on the receipt printer. */
export function ZReportView({ report, context }: { report: ZReport; context: TillContext }) {
  const money = (n: number) => formatMoney(n, report.currency || context.shop.currency);
  const minus = (n: number) => (n ? `−${money(n)}` : money(0));
  const tz = context.shop.timeZone;
  const { session } = report;
  const isClosed = session.status === 'closed';
  return (
    <Stack
      gap="0.5"
      fontSize="13px"
      fontFamily="'Courier New', ui-monospace, monospace"
      bg="white"
      color="black"
      p="3mm"
      data-testid="z-report"
    >
      <Text fontWeight="bold" fontSize="15px" textAlign="center">
        {isClosed ? 'RAPPORT Z' : 'RAPPORT X (session ouverte)'}
      </Text>
      <Text textAlign="center">{context.shop.name}</Text>
      <Text textAlign="center">{session.tillName}</Text>
      <Rule />
      <Text>
        {fr(
          `Ouverture : ${formatDateTime(session.openedAt, tz)}${session.openedBy ? `, ${session.openedBy.name}` : ''}`,
        )}
      </Text>
      {session.closedAt ? (
        <Text>
          {fr(
            `Clôture : ${formatDateTime(session.closedAt, tz)}${session.closedBy ? `, ${session.closedBy.name}` : ''}`,
          )}
        </Text>
      ) : null}
      <Rule />
      <Line label="Nombre de ventes" value={String(report.salesCount)} />
      <Line label="Ventes brutes" value={money(report.grossSales)} />
      <Line label="Remises" value={minus(report.discounts)} />
      <Line label="Ventes nettes" value={money(report.netSales)} isStrong />
      {report.creditSales > 0 ? (
        <Line label="Dont à crédit (non payé)" value={money(report.creditSales)} />
      ) : null}
      <Line label={`Remboursements (${report.refundsCount})`} value={minus(report.refundsTotal)} />
      <Rule />
      <Text fontWeight="bold">Par moyen de paiement</Text>
      {report.byMethod.map((m) => (
        <Line
          key={m.method}
          label={PAYMENT_METHOD_LABELS[m.method]}
          value={m.refunded ? `${money(m.received)} (−${money(m.refunded)})` : money(m.received)}
        />
      ))}
      <Rule />
      <Text fontWeight="bold">Mouvements d’espèces</Text>
      {report.cashMovements.length === 0 ? <Text>Aucun</Text> : null}
      {report.cashMovements.map((m, i) => (
        <Line
          key={i}
          label={`${m.kind === 'in' ? 'Entrée' : 'Sortie'} · ${m.reason}`}
          value={`${m.kind === 'in' ? '+' : '−'}${money(m.amount)}`}
        />
      ))}
      <Rule />
      <Line label="Fond de caisse" value={money(session.openingFloat)} />
      <Line label="Espèces attendues" value={money(report.expectedCash)} isStrong />
      {report.countedCash !== null ? (
        <Line label="Espèces comptées" value={money(report.countedCash)} isStrong />
      ) : null}
      {report.variance !== null ? (
        <Line
          label="Écart"
          value={`${report.variance > 0 ? '+' : report.variance < 0 ? '−' : ''}${money(Math.abs(report.variance))}`}
          isStrong
        />
      ) : null}
      {Object.keys(report.denominations).length ? (
        <>
          <Rule />
          <Text fontWeight="bold">Comptage</Text>
          {Object.entries(report.denominations)
            .filter(([, n]) => n > 0)
            .sort(([a], [b]) => Number(b) - Number(a))
            .map(([value, n]) => (
              <Line key={value} label={`${n} × ${money(Number(value))}`} value={money(n * Number(value))} />
            ))}
        </>
      ) : null}
      {report.stockConflicts > 0 ? (
        <>
          <Rule />
          <Text>{fr(`Conflits de stock : ${report.stockConflicts}`)}</Text>
        </>
      ) : null}
    </Stack>
  );
}
