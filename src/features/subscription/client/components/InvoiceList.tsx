import { Button, Card, Skeleton, Text, VisuallyHidden } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { LuPrinter } from 'react-icons/lu';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { PLANS, type PlanId } from '@/shared/plans';
import { useListInvoicesQuery } from '../subscription.api';

const day = (iso: string, timeZone: string) => formatDateTime(iso, timeZone).slice(0, 10);

/** The shop's subscription invoices, each printable on its own page. */
export function InvoiceList({ shopId, timeZone }: { shopId: string; timeZone: string }) {
  const invoices = useListInvoicesQuery({ shopId });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Factures</Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        {invoices.isLoading ? (
          <Skeleton h="16" />
        ) : !invoices.data?.length ? (
          <Text color="fg.muted">
            Aucune facture pour le moment : elles apparaissent ici après chaque paiement.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="invoices">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Numéro</Table.ColumnHeader>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Offre</Table.ColumnHeader>
                  <Table.ColumnHeader>Période</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Montant</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {invoices.data.map((invoice) => (
                  <Table.Row key={invoice._id}>
                    <Table.Cell fontWeight="medium">{invoice.number}</Table.Cell>
                    <Table.Cell>{formatDateTime(invoice.issuedAt, timeZone)}</Table.Cell>
                    <Table.Cell>
                      {PLANS[invoice.plan as PlanId]?.label ?? invoice.plan} · {invoice.months} mois
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      du {day(invoice.periodStart, timeZone)} au {day(invoice.periodEnd, timeZone)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatMoney(invoice.amount, invoice.currency)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button asChild size="xs" variant="outline">
                        <PageLink href={withShopId(`/parametres/abonnement/factures/${invoice._id}`, shopId)}>
                          <LuPrinter /> Imprimer
                        </PageLink>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
