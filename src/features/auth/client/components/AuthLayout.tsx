import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Logo, LogoMark } from '@/client/brand/Logo';

/** The sign-in steps: a brand panel beside the form on wide screens, the form alone on phones. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex minH="100dvh" bg="bg.muted">
      {/* Landmarks: the brand panel beside, the form as the page's main content. */}
      <Flex
        as="aside"
        display={{ base: 'none', lg: 'flex' }}
        flex="1"
        direction="column"
        justify="space-between"
        p="12"
        color="white"
        bgGradient="to-br"
        // White text stays readable (WCAG AA, 4.5:1) over the whole gradient, brand.700 included.
        gradientFrom="brand.700"
        gradientTo="brand.800"
      >
        <Box bg="white" borderRadius="xl" px="4" py="2" alignSelf="flex-start" color="gray.900">
          <Logo size={28} />
        </Box>
        <Stack gap="4" maxW="md">
          <Heading size="3xl" lineHeight="1.15">
            Vendez partout, gérez tout au même endroit.
          </Heading>
          <Text fontSize="lg">
            Boutique en ligne, caisse, WhatsApp, livraison et paiements mobiles : un seul catalogue, un seul
            stock.
          </Text>
        </Stack>
        <Text fontSize="sm">Conçu pour les commerçants d’Afrique francophone.</Text>
      </Flex>
      {/* On a phone the card starts at the top (where the keyboard leaves it in view) rather than
          in the middle: centred, any change of its height as the page settles moved all of it. */}
      <Flex
        as="main"
        flex="1"
        align={{ base: 'flex-start', md: 'center' }}
        justify="center"
        p={{ base: '4', md: '8' }}
        pt={{ base: '8', md: '8' }}
      >
        <Box w="full" maxW="md" bg="bg" borderRadius="2xl" boxShadow="md" p={{ base: '6', md: '10' }}>
          <Stack gap="6">
            <Box display={{ base: 'block', lg: 'none' }}>
              <LogoMark size={36} />
            </Box>
            <Stack gap="2">
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
            </Stack>
            {children}
          </Stack>
        </Box>
      </Flex>
    </Flex>
  );
}
