import { Badge, HStack, LinkOverlay, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import type { ReactNode } from 'react';
import { LoadingRow, MoreRow } from '@/client/components/PagedRows';
import { ListCard, ListMessage, useListLayout } from '@/client/components/ResponsiveList';
import { formatDateTime } from '@/shared/dates';
import { withShopId } from '@/shared/navigation';
import type { DiscountState, DiscountValue } from '@/shared/discounts/types';
import { useListDiscountsQuery, type Discount, type DiscountListArgs } from '../discount.api';
import { KIND_LABELS, STATE_COLORS, STATE_LABELS, usageParts, usageText, valueText } from '../discount-text';
import { formatCount } from '@/shared/numbers';

export const DISCOUNT_COLUMNS = 5;

export function StateBadge({ state, archived }: { state: DiscountState; archived?: boolean }) {
  if (archived)
    return (
      <Badge colorPalette="gray" variant="outline" data-testid="discount-state">
        Archivée
      </Badge>
    );
  return (
    <Badge colorPalette={STATE_COLORS[state]} data-testid="discount-state">
      {STATE_LABELS[state]}
    </Badge>
  );
}

function datesText(discount: Discount, timeZone: string): string {
  const start = discount.startsAt ? formatDateTime(discount.startsAt, timeZone) : null;
  const end = discount.endsAt ? formatDateTime(discount.endsAt, timeZone) : null;
  if (start && end) return `${start} → ${end}`;
  if (start) return `Dès le ${start}`;
  if (end) return `Jusqu’au ${end}`;
  return 'Sans date de fin';
}

function KindText({ discount }: { discount: Discount }) {
  const n = discount.generatedCodes;
  return (
    <Stack gap="0">
      <Text>{KIND_LABELS[discount.kind]}</Text>
      {discount.code ? (
        <Text fontSize="xs" color="fg.muted" fontFamily="mono" data-testid="discount-code">
          {discount.code}
        </Text>
      ) : null}
      {n ? (
        <Text fontSize="xs" color="fg.muted">
          {`${formatCount(n)} code${n > 1 ? 's' : ''} unique${n > 1 ? 's' : ''}`}
        </Text>
      ) : null}
    </Stack>
  );
}

function UsageText({ discount, currency }: { discount: Discount; currency: string }) {
  if (!discount.usage) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0" fontSize="sm" data-testid="discount-usage">
      {usageParts(discount.usage, currency).map((part, i) => (
        <Text key={part} fontSize={i ? 'xs' : 'sm'} color={i ? 'fg.muted' : undefined} whiteSpace="nowrap">
          {part}
        </Text>
      ))}
    </Stack>
  );
}

interface RowProps {
  discount: Discount;
  href: string;
  currency: string;
  timeZone: string;
}

function DiscountRow({ discount, href, currency, timeZone }: RowProps) {
  return (
    <Table.Row data-testid="discount-row">
      <Table.Cell>
        <Stack gap="0" minW="0">
          <PageLink href={href}>
            <Text fontWeight="medium" _hover={{ textDecoration: 'underline' }} lineClamp={1}>
              {discount.name}
            </Text>
          </PageLink>
          <Text fontSize="xs" color="fg.muted">
            {valueText(discount.value as DiscountValue, currency)}
          </Text>
          {/* Below 1280 px the dates have no column of their own. */}
          <Text fontSize="xs" color="fg.muted" display={{ base: 'block', xl: 'none' }}>
            {datesText(discount, timeZone)}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <KindText discount={discount} />
      </Table.Cell>
      <Table.Cell>
        <StateBadge state={discount.state} archived={discount.archived} />
      </Table.Cell>
      <Table.Cell fontSize="sm" color="fg.muted" display={{ base: 'none', xl: 'table-cell' }}>
        {datesText(discount, timeZone)}
      </Table.Cell>
      <Table.Cell>
        <UsageText discount={discount} currency={currency} />
      </Table.Cell>
    </Table.Row>
  );
}

/** A discount on a phone: the card opens it. */
function DiscountCard({ discount, href, currency, timeZone }: RowProps) {
  return (
    <ListCard data-testid="discount-row">
      <Stack gap="1" minW="0">
        <HStack justify="space-between" align="flex-start" gap="2">
          <LinkOverlay asChild>
            <PageLink href={href}>
              <Text as="span" fontWeight="medium" lineClamp={2}>
                {discount.name}
              </Text>
            </PageLink>
          </LinkOverlay>
          <StateBadge state={discount.state} archived={discount.archived} />
        </HStack>
        <Text fontSize="sm">{valueText(discount.value as DiscountValue, currency)}</Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {KIND_LABELS[discount.kind]}
          {discount.code ? ` · ${discount.code}` : ''}
          {discount.generatedCodes ? ` · ${formatCount(discount.generatedCodes)} codes uniques` : ''}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {datesText(discount, timeZone)}
        </Text>
        {discount.usage ? (
          <Text fontSize="sm" data-testid="discount-usage">
            {usageText(discount.usage, currency)}
          </Text>
        ) : null}
      </Stack>
    </ListCard>
  );
}

/** One page of the keyset-paged list; the last one offers « Charger plus ». */
export function DiscountPage(props: {
  args: DiscountListArgs;
  currency: string;
  timeZone: string;
  onMore?: (after: string) => void;
  /** What an empty first page says. */
  empty: ReactNode;
}) {
  const { layout } = useListLayout();
  const page = useListDiscountsQuery(props.args);
  if (page.isLoading) return <LoadingRow />;
  const items = page.data?.items ?? [];
  const Row = layout === 'cards' ? DiscountCard : DiscountRow;
  return (
    <>
      {items.map((discount) => (
        <Row
          key={discount.id}
          discount={discount}
          href={withShopId(`/reductions/${discount.id}`, props.args.shopId)}
          currency={props.currency}
          timeZone={props.timeZone}
        />
      ))}
      {!props.args.after && items.length === 0 ? <ListMessage>{props.empty}</ListMessage> : null}
      <MoreRow cursor={page.data?.nextAfter} onMore={props.onMore} label="Charger plus" />
    </>
  );
}
