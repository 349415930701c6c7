import { Badge, Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { formatMoney } from '@/shared/money';
import { withShopId } from '@/shared/navigation';
import { useChannelsOverviewQuery } from '../channel.api';
import { formatCount } from '@/shared/numbers';

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Each channel: live or to set up, this month's orders and net sales, and what to do next. */
export function ChannelCards({ shopId }: { shopId: string }) {
  const { data, isLoading } = useChannelsOverviewQuery({ shopId });
  if (isLoading || !data) return <Skeleton h="48" aria-busy="true" />;
  const month = MONTH.format(new Date(`${data.month}T00:00:00Z`));
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        Commandes et ventes nettes de {month}, par canal.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="channel-cards">
        {data.items.map((c) => (
          <Stack
            key={c.key}
            gap="3"
            borderWidth="1px"
            rounded="md"
            bg="bg"
            p="4"
            data-testid={`channel-${c.key}`}
          >
            <HStack justify="space-between" gap="2">
              <Text fontWeight="semibold">{c.label}</Text>
              <Badge colorPalette={c.isActive ? 'green' : 'orange'}>
                {c.isActive ? 'actif' : 'à configurer'}
              </Badge>
            </HStack>
            {c.orders !== null ? (
              <HStack gap="6">
                <Box>
                  <Text fontSize="2xl" fontWeight="semibold">
                    {formatCount(c.orders)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    commande{c.orders > 1 ? 's' : ''}
                  </Text>
                </Box>
                <Box>
                  <Text fontSize="2xl" fontWeight="semibold">
                    {formatMoney(c.net ?? 0, data.currency)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    ventes nettes
                  </Text>
                </Box>
              </HStack>
            ) : null}
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {c.detail}
            </Text>
            {c.nextStep ? (
              <Button asChild size="sm" variant="outline" alignSelf="start">
                <PageLink href={withShopId(c.nextStep.href, shopId)}>{c.nextStep.label}</PageLink>
              </Button>
            ) : null}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
