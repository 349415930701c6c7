import { Alert, Card, Heading, SimpleGrid, Stack } from '@/client/ui';
import type { Shop } from '@/features/shop/client/shop.api';
import { PlanLine, QuotaMeters } from './PlanUsage';
import { PlanDates } from './PlanDates';

/**
 * Abonnement for the roles that neither pay nor see invoices (seller, cashier, inventory manager):
 * the plan, its dates and its usage, all read from the shop every member already loads.
 */
export function PlanReadOnly({ shop }: { shop: Shop }) {
  return (
    <Stack gap="6" data-testid="plan-read-only">
      <Heading as="h1" size="2xl">
        Abonnement
      </Heading>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Demandez à l’administrateur de changer d’offre.</Alert.Title>
      </Alert.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Votre offre</Card.Title>
            <Card.Description>
              <PlanLine shop={shop} />
            </Card.Description>
          </Card.Header>
          <Card.Body>
            <PlanDates shop={shop} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Utilisation ce mois-ci</Card.Title>
          </Card.Header>
          <Card.Body>
            <QuotaMeters shop={shop} />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
