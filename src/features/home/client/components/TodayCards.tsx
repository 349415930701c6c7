import { Alert, Badge, Card, Grid, HStack, Link, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { frenchTypography as fr } from '@/shared/typography';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import type { Shop } from '@/features/shop/client/shop.api';
import { useGetHomeSummaryQuery } from '@/features/order/client/order.api';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Accueil: today's sales and orders, and what is waiting for someone (PRODUCT.md). */
export function TodayCards({ shop, role }: { shop: Shop; role: AgentRole }) {
  const { data, isLoading } = useGetHomeSummaryQuery({ shopId: shop._id });
  if (isLoading || !data) return <Skeleton h="32" />;
  const count = (n: number) => (n > data.cap ? `${data.cap}+` : String(n));
  const ordersLink = (view: string) => withShopId(`/mes-commandes?vue=${view}`, shop._id);
  // « À faire »: what waits for someone, each with the page that shows it.
  const queue: Array<{ label: string; n: number; href: string | null; testId: string }> = [
    {
      label: 'À confirmer',
      n: data.todo.toConfirm,
      href: ordersLink('to-confirm'),
      testId: 'todo-to-confirm',
    },
    {
      label: 'À préparer',
      n: data.todo.toPrepare,
      href: ordersLink('to-prepare'),
      testId: 'todo-to-prepare',
    },
    { label: 'Non payées', n: data.todo.unpaid, href: ordersLink('unpaid'), testId: 'todo-unpaid' },
    {
      label: 'Stock faible',
      n: data.todo.lowStock,
      href: can(role, 'products:view') ? withShopId('/mes-produits?stock=low', shop._id) : null,
      testId: 'todo-low-stock',
    },
  ];
  return (
    <Stack gap="4">
      {data.cashDiscrepancies.length > 0 ? (
        <Alert.Root status="warning" data-testid="cash-discrepancies">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Écart de caisse chez les livreurs</Alert.Title>
            <Alert.Description>
              {data.cashDiscrepancies
                .map((d) => fr(`${d.name} doit encore ${formatMoney(d.outstanding, shop.currency)}`))
                .join(' · ')}
              .{' '}
              <Link asChild fontWeight="semibold">
                <PageLink href={withShopId('/livraison?vue=caisse', shop._id)}>
                  Voir la caisse des livreurs
                </PageLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Grid columns={{ base: 1, md: 3 }} gap="4">
        <Figure
          label="Ventes du jour"
          value={formatMoney(data.today.salesAmount, shop.currency)}
          testId="today-sales"
        />
        <Figure label="Commandes du jour" value={String(data.today.ordersCount)} testId="today-orders" />
        <Card.Root size="sm">
          <Card.Header>
            <Card.Title as="h2" fontSize="sm">
              À faire
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Stack gap="1">
              {queue.map((item) => {
                const row = (
                  <HStack justify="space-between" data-testid={item.testId}>
                    <Text fontSize="sm">{item.label}</Text>
                    <Badge colorPalette={item.n > 0 ? 'orange' : 'gray'}>{count(item.n)}</Badge>
                  </HStack>
                );
                return item.href ? (
                  <PageLink key={item.label} href={item.href}>
                    {row}
                  </PageLink>
                ) : (
                  <Stack key={item.label}>{row}</Stack>
                );
              })}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}
