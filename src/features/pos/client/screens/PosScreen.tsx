import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@/client/ui';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { Suspense, useEffect, useState } from 'react';
import { useSession } from 'next-auth/react';
import { LuShieldAlert, LuWifiOff } from 'react-icons/lu';
import { can } from '@/shared/permissions';
import { withShopId } from '@/shared/navigation';
import { frenchTypography as fr } from '@/shared/typography';
import { identityFromSession, onTillSignedOut, saveIdentity } from '../offline/pos-http';
import { registerTillServiceWorker } from '../offline/service-worker';
import { bootFromPage, bootTill, isSameBoot, type TillBoot } from '../offline/till-boot';
import type { EmbeddedTillBoot } from '../../pos.schemas';
import { PrintHost } from '../components/print';
import { TillProvider } from '../till/TillProvider';
import { TILL_WARM_UP, TILL_WARM_UP_LATER } from '../till/lazy';
import { TillApp } from './TillApp';
import { touchTargetClass } from '../till/touch-targets';

function Centered({
  icon,
  title,
  children,
}: {
  icon?: React.ReactNode;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <Flex minH="100dvh" align="center" justify="center" px="4" className={touchTargetClass}>
      <Stack align="center" textAlign="center" gap="3" maxW="lg" bg="bg" p="8" rounded="xl" borderWidth="1px">
        {icon ? <Box fontSize="4xl">{icon}</Box> : null}
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        {children}
      </Stack>
    </Flex>
  );
}

/** AppShell's rule (importing AppShell would load the whole back-office shell). */
const CONFIRM_INFORMATIONS_PATH = '/confirmer-informations';
const LOGIN_URL = `/login?callbackUrl=${encodeURIComponent('/point-de-vente')}`;

/**
 * /point-de-vente. It does not wait on next-auth: offline, next-auth says « unauthenticated » while
 * the cashier is still signed in. Who is at the till comes from the server when it answers, else
 * from what this tablet kept at the last online visit (see offline/till-boot.ts).
 */
export function PosScreen({ tillBoot }: { tillBoot?: EmbeddedTillBoot }) {
  const router = useRouter();
  const { data: session, status } = useSession();
  // Drawn by the server with the page's boot answer (server/till-page.ts): the first screen is in
  // the HTML. bootTill still runs, and files what the tablet keeps.
  const [boot, setBoot] = useState<TillBoot | null>(() => bootFromPage(tillBoot));
  const requestedShopId =
    typeof router.query.shopId === 'string' && router.query.shopId ? router.query.shopId : undefined;

  useEffect(() => {
    onTillSignedOut(() => window.location.assign(LOGIN_URL));
  }, []);

  useEffect(() => {
    if (!router.isReady) return;
    let isCancelled = false;
    void bootTill(requestedShopId).then((result) => {
      if (!isCancelled) setBoot((current) => (isSameBoot(current, result) ? current : result));
    });
    return () => {
      isCancelled = true;
    };
  }, [router.isReady, requestedShopId]);

  // next-auth renews the API token every few minutes online: the till keeps the newest one.
  useEffect(() => {
    if (status !== 'authenticated' || !session) return;
    const identity = identityFromSession(session);
    if (identity && boot?.kind === 'ready' && identity.userId === boot.identity.userId)
      void saveIdentity(identity);
  }, [session, status, boot]);

  useEffect(() => {
    if (boot?.kind === 'signed-out') window.location.assign(LOGIN_URL);
    if (boot?.kind !== 'ready') return;
    registerTillServiceWorker(TILL_WARM_UP, TILL_WARM_UP_LATER);
    const agent = boot.context.agent;
    if (!boot.isFromCache && agent && (!agent.firstName?.trim() || !agent.lastName?.trim()))
      void router.replace({
        pathname: CONFIRM_INFORMATIONS_PATH,
        query: { message: 'missing_agent_name', shopId: boot.context.shop.id },
      });
  }, [boot, router]);

  const head = (
    <Head>
      <title>Point de vente · Comptoir</title>
      <link rel="manifest" href="/pos.webmanifest" />
    </Head>
  );

  if (!boot || boot.kind === 'signed-out')
    return (
      <>
        {head}
        <Flex
          minH="100dvh"
          align="center"
          justify="center"
          direction="column"
          gap="3"
          data-testid="till-loading"
        >
          <Spinner size="lg" />
          <Text color="fg.muted">Préparation de la caisse…</Text>
        </Flex>
      </>
    );
  if (boot.kind === 'not-prepared')
    return (
      <>
        {head}
        <Centered icon={<LuWifiOff />} title="Caisse non préparée sur cette tablette">
          <Text color="fg.muted">
            {fr(
              'Ouvrez le point de vente une première fois avec le réseau : la tablette gardera alors le catalogue, les clients et votre session pour travailler sans connexion.',
            )}
          </Text>
          <Button onClick={() => window.location.reload()}>Réessayer</Button>
        </Centered>
      </>
    );
  if (boot.kind === 'no-shop')
    return (
      <Centered icon={<LuShieldAlert />} title="Boutique introuvable">
        <Button asChild colorPalette="brand">
          <a href="/">Retour à l’accueil</a>
        </Button>
      </Centered>
    );

  const { context, role, identity } = boot;
  if (context.shop.isBlocked)
    return (
      <Centered
        icon={<LuShieldAlert />}
        title="Votre boutique a été bloquée. Veuillez contacter un agent Comptoir"
      />
    );
  if (!can(role, 'pos:use'))
    return (
      <Centered icon={<LuShieldAlert />} title="Accès refusé">
        <Text color="fg.muted" data-testid="access-denied">
          Votre rôle ne vous permet pas d’ouvrir cette page. Demandez à l’administrateur de la boutique si
          vous en avez besoin.
        </Text>
        <Button asChild colorPalette="brand">
          <a href={withShopId('/', context.shop.id)}>Retour à l’accueil</a>
        </Button>
      </Centered>
    );
  return (
    <>
      {head}
      <TillProvider
        // Another shop (the tablet's last one, where the page was drawn for the caller's first) is
        // another till: nothing of the first one's state carries over.
        key={context.shop.id}
        identity={identity}
        context={context}
        role={role}
        freshTills={boot.freshTills}
        // A tablet that has chosen a till opens on it, once it has read its choice; a page drawn
        // for one that has not shows the choice (or the float) at once, from the server's tills.
        hasLocalChoice={tillBoot?.answer.shop?.id === context.shop.id ? tillBoot.hasChosenTill : true}
      >
        <Suspense fallback={null}>
          <TillApp />
        </Suspense>
        <PrintHost />
      </TillProvider>
    </>
  );
}
