import { chakra, HStack, Text } from '@chakra-ui/react';
import { LOGO_COLORS } from '../theme';

/** Five coloured circles, overlapping in a gentle arc: our own mark. */
export function LogoMark({ size = 40 }: { size?: number }) {
  const circles = [
    { cx: 12, cy: 26 },
    { cx: 24, cy: 17 },
    { cx: 38, cy: 14 },
    { cx: 52, cy: 17 },
    { cx: 64, cy: 26 },
  ];
  return (
    <chakra.svg
      viewBox="0 0 76 40"
      width={`${(size * 76) / 40}px`}
      height={`${size}px`}
      role="img"
      aria-label="Comptoir"
    >
      {circles.map((c, i) => (
        <circle key={i} cx={c.cx} cy={c.cy} r={9} fill={LOGO_COLORS[i]} fillOpacity={0.92} />
      ))}
    </chakra.svg>
  );
}

export function Logo({
  size = 32,
  productName = 'Comptoir',
  hideWordmarkOnPhone = false,
}: {
  size?: number;
  productName?: string;
  hideWordmarkOnPhone?: boolean;
}) {
  return (
    <HStack gap="2" flexShrink={0}>
      <LogoMark size={size} />
      <Text
        fontWeight="bold"
        fontSize={size >= 32 ? 'xl' : 'md'}
        letterSpacing="-0.01em"
        display={hideWordmarkOnPhone ? { base: 'none', sm: 'block' } : undefined}
      >
        {productName}
      </Text>
    </HStack>
  );
}
