import { HStack, Text, VisuallyHidden } from '@/client/ui';
import { LuArrowDownRight, LuArrowUpRight, LuMinus } from 'react-icons/lu';
import { formatChange, percentChange } from '../stats-view';

/**
 * The change of a figure against the compared period: an arrow and « +12 % ». Nothing when there
 * is no comparison or the compared value is 0 (no percentage of nothing). `isUpBad` for the figures
 * that should go down (refunds, discounts, what is still owed).
 */
export function Change({
  now,
  before,
  isUpBad = false,
  size = 'sm',
}: {
  now: number | undefined;
  before: number | null | undefined;
  isUpBad?: boolean;
  size?: 'xs' | 'sm';
}) {
  const change = percentChange(now, before);
  if (change === null) return null;
  const rounded = Math.round(change * 10) / 10;
  const isUp = rounded > 0;
  const isDown = rounded < 0;
  const color = !isUp && !isDown ? 'fg.muted' : isUp !== isUpBad ? 'fg.success' : 'fg.error';
  const Icon = isUp ? LuArrowUpRight : isDown ? LuArrowDownRight : LuMinus;
  const words = isUp ? 'en hausse de' : isDown ? 'en baisse de' : 'stable,';
  return (
    <HStack as="span" gap="0.5" color={color} fontSize={size} fontWeight="medium" whiteSpace="nowrap">
      <Icon aria-hidden />
      <VisuallyHidden>{words}</VisuallyHidden>
      <Text as="span">{formatChange(change)}</Text>
    </HStack>
  );
}
