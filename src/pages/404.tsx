import { PageLink } from '@/client/components/PageLink';
import { LogoMark } from '@/client/brand/LogoMark';
import { Button, Flex, Heading, Stack, Text } from '@/client/ui';

function NotFoundPage() {
  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" p="6">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <LogoMark size={40} />
        <Heading as="h1" size="2xl">
          Page introuvable
        </Heading>
        <Text color="fg.muted">
          Cette page n’existe pas, ou elle n’est pas encore disponible dans votre espace.
        </Text>
        <Button asChild colorPalette="brand">
          <PageLink href="/">Retour à l’accueil</PageLink>
        </Button>
      </Stack>
    </Flex>
  );
}

export default NotFoundPage;
