import { HStack, Text } from '@/client/ui';
import { LogoMark } from './LogoMark';

export { LogoMark };

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
