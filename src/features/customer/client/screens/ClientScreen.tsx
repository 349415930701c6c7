import {
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { SectionCard as Section } from '@/client/components/SectionCard';
import { useRouter } from 'next/router';
import { useState, type ReactNode } from 'react';
import { LuArrowLeft, LuMessageCircle, LuPencil, LuPhone } from 'react-icons/lu';
import dynamic from 'next/dynamic';
import { AppShell } from '@/client/shell/AppShell';
import { FirstOpened } from '@/client/components/FirstOpened';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import type { Shop } from '@/features/shop/client/shop.api';
import { CHANNEL_LABELS, type OrderChannel } from '@/features/order/order.constants';
import { CONSENT_SOURCE_LABELS } from '../../customer.constants';
import { birthdayText } from '../client-form';
import { listHref } from '../client-filters';
import { formatDay } from '../client-text';
import { useGetClientQuery, useUpdateClientMutation, type ClientDetail } from '../customer.api';
import { ClientTimeline } from '../components/ClientTimeline';
import { ClientActions } from '../components/ClientActions';
import { whatsappUrl } from '@/shared/whatsapp';
import { ClientLoyaltyCard } from '@/features/loyalty/client/components/ClientLoyaltyCard';
import { formatCount } from '@/shared/numbers';

// The dialogs, still drawn with Chakra, load with it when first opened.
const ClientPaymentDialog = dynamic(() =>
  loadInChakraIsland(import('../components/ClientPaymentDialog').then((m) => m.ClientPaymentDialog)),
);
const ClientProfileDialog = dynamic(() =>
  loadInChakraIsland(import('../components/ClientProfileDialog').then((m) => m.ClientProfileDialog)),
);

function Figure(props: { label: string; value: string; testId?: string; isSmall?: boolean }) {
  const { label, value, testId } = props;
  return (
    <Card.Root size="sm">
      <Card.Body gap="0.5">
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        {/* Sized so that an amount fits whole (« 1 129 160 FCFA »); broken only as a last resort. */}
        <Text
          fontSize={props.isSmall ? 'md' : { base: 'md', sm: 'lg', md: 'xl' }}
          fontWeight="bold"
          data-testid={testId}
          whiteSpace="pre-line"
          overflowWrap="break-word"
          pt={props.isSmall ? '1' : undefined}
        >
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Figures({ client, shop }: { client: ClientDetail; shop: Shop }) {
  const f = client.figures;
  const money = (n: number) => formatMoney(n, shop.currency);
  const day = (at: string | null) => (at ? formatDay(at, shop.timeZone) : '—');
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 2, xl: 3 }} gap="3" data-testid="client-figures">
      <Figure label="Total dépensé" value={money(f.totalSpent)} testId="client-total-spent" />
      <Figure label="Commandes" value={formatCount(f.ordersCount)} testId="client-orders-count" />
      <Figure label="Panier moyen" value={money(f.averageBasket)} />
      <Figure
        label="Première / dernière commande"
        value={f.firstOrderAt ? `${day(f.firstOrderAt)}\n${day(f.lastOrderAt)}` : '—'}
        isSmall
      />
      <Figure label="Remboursements" value={money(f.refundsTotal)} />
      <Figure label="Colis retournés" value={formatCount(f.returnedCount)} />
    </SimpleGrid>
  );
}

function Ardoise({ client, shop, onPay }: { client: ClientDetail; shop: Shop; onPay: () => void }) {
  const money = (n: number) => formatMoney(n, shop.currency);
  return (
    <Section
      title="Ardoise"
      testId="client-ardoise"
      action={
        client.balance > 0 ? (
          <Button size="xs" colorPalette="brand" onClick={onPay}>
            Enregistrer un paiement
          </Button>
        ) : null
      }
    >
      <Stack gap="1" fontSize="sm">
        <HStack justify="space-between">
          <Text>Doit</Text>
          <Text
            fontSize="lg"
            fontWeight="bold"
            color={client.balance > 0 ? 'fg.error' : undefined}
            data-testid="client-balance"
          >
            {money(client.balance)}
          </Text>
        </HStack>
        <HStack justify="space-between">
          <Text color="fg.muted">Plafond de crédit</Text>
          <Text>{client.creditLimit === null ? 'Aucun' : money(client.creditLimit)}</Text>
        </HStack>
        {client.storeCredit > 0 ? (
          <HStack justify="space-between">
            <Text color="fg.muted">Avoir</Text>
            <Text>{money(client.storeCredit)}</Text>
          </HStack>
        ) : null}
      </Stack>
    </Section>
  );
}

function ProfileLine({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" overflowWrap="anywhere" whiteSpace="pre-line">
        {value}
      </Text>
    </Stack>
  );
}

function Profile({ client, shop, onEdit }: { client: ClientDetail; shop: Shop; onEdit: () => void }) {
  const address = [client.quartier, client.commune].filter(Boolean).join(', ');
  const firstChannel = client.figures.firstChannel
    ? (CHANNEL_LABELS[client.figures.firstChannel as OrderChannel] ?? client.figures.firstChannel)
    : null;
  return (
    <Section
      title="Profil"
      testId="client-profile"
      action={
        <Button size="xs" variant="outline" onClick={onEdit}>
          <LuPencil /> Modifier
        </Button>
      }
    >
      <Stack gap="3">
        <ProfileLine
          label="Nom"
          value={[client.firstName, client.lastName].filter(Boolean).join(' ') || '—'}
        />
        <ProfileLine
          label="Téléphones"
          value={
            [
              client.phone ? formatPhone(client.phone) : null,
              client.phone2 ? formatPhone(client.phone2) : null,
            ]
              .filter(Boolean)
              .join(' · ') || '—'
          }
        />
        <ProfileLine label="E-mail" value={client.email || '—'} />
        <ProfileLine label="Adresse" value={address || '—'} />
        {client.landmark ? <ProfileLine label="Point de repère" value={client.landmark} /> : null}
        <ProfileLine label="Anniversaire" value={birthdayText(client.birthday) ?? '—'} />
        {client.notes ? <ProfileLine label="Notes" value={client.notes} /> : null}
        <ProfileLine
          label="Client depuis"
          value={`${formatDay(client.createdAt, shop.timeZone)}${firstChannel ? ` · 1re commande : ${firstChannel}` : ''}`}
        />
      </Stack>
    </Section>
  );
}

function ConsentRow(props: {
  label: string;
  consent: ClientDetail['consentSms'];
  timeZone: string;
  isSaving: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <HStack justify="space-between" align="flex-start" gap="3" data-testid={props.testId}>
      <Stack gap="0" minW="0">
        <Text fontSize="sm" fontWeight="medium">
          {props.label}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {props.consent
            ? `Accepté le ${formatDay(props.consent.at, props.timeZone)} (${CONSENT_SOURCE_LABELS[props.consent.source]})`
            : 'Non'}
        </Text>
      </Stack>
      <Switch.Root
        size="sm"
        checked={!!props.consent}
        disabled={props.isSaving}
        onCheckedChange={(e) => props.onChange(e.checked)}
        aria-label={props.label}
      >
        <Switch.HiddenInput />
        <Switch.Control />
      </Switch.Root>
    </HStack>
  );
}

function Consents({ client, shop }: { client: ClientDetail; shop: Shop }) {
  const [update, { isLoading }] = useUpdateClientMutation();
  async function change(patch: { consentSms: boolean } | { consentWhatsapp: boolean }) {
    try {
      await update({ shopId: shop._id, clientId: client.id, ...patch }).unwrap();
    } catch (error) {
      toaster.create({
        type: 'error',
        duration: 4000,
        title: error instanceof ApiError ? error.message : 'Le consentement n’a pas pu être changé.',
      });
    }
  }
  return (
    <Section title="Consentements" testId="client-consents">
      <Stack gap="3">
        <ConsentRow
          label="SMS marketing"
          consent={client.consentSms}
          timeZone={shop.timeZone}
          isSaving={isLoading}
          onChange={(on) => void change({ consentSms: on })}
          testId="consent-sms"
        />
        <ConsentRow
          label="WhatsApp marketing"
          consent={client.consentWhatsapp}
          timeZone={shop.timeZone}
          isSaving={isLoading}
          onChange={(on) => void change({ consentWhatsapp: on })}
          testId="consent-whatsapp"
        />
      </Stack>
    </Section>
  );
}

function ClientPageView({ shop, clientId }: { shop: Shop; clientId: string }) {
  const { data: client, isLoading, error } = useGetClientQuery({ shopId: shop._id, clientId });
  const [isPaying, setPaying] = useState(false);
  const [isEditing, setEditing] = useState(false);
  const back = (
    <Button asChild size="sm" variant="ghost" alignSelf="flex-start" data-testid="back-to-clients">
      <PageLink href={listHref(shop._id)}>
        <LuArrowLeft /> Clients
      </PageLink>
    </Button>
  );
  if (isLoading) return <Skeleton h="60" />;
  if (!client)
    return (
      <Stack gap="4">
        {back}
        <Text color="fg.error">
          {error instanceof ApiError ? error.message : 'Le client n’a pas pu être chargé.'}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="5">
      {back}
      <Stack gap="2">
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          {client.name}
        </Heading>
        <HStack gap="4" flexWrap="wrap" fontSize="sm">
          {client.phone ? (
            <Link href={`tel:${client.phone}`} color="brand.fg" data-testid="client-phone">
              <LuPhone /> {formatPhone(client.phone)}
            </Link>
          ) : (
            <Text color="fg.muted">Sans téléphone</Text>
          )}
          {client.phone && client.whatsapp ? (
            <Link href={whatsappUrl(client.phone)} target="_blank" rel="noreferrer" color="brand.fg">
              <LuMessageCircle /> WhatsApp
            </Link>
          ) : null}
          {client.email ? (
            <Link href={`mailto:${client.email}`} color="brand.fg" overflowWrap="anywhere">
              {client.email}
            </Link>
          ) : null}
        </HStack>
        {client.tags.length ? (
          <HStack gap="1" flexWrap="wrap">
            {client.tags.map((tag) => (
              <Badge key={tag} variant="subtle">
                {tag}
              </Badge>
            ))}
          </HStack>
        ) : null}
        <ClientActions shopId={shop._id} currency={shop.currency} client={client} />
      </Stack>

      {/* A phone reads the ardoise and the figures first; a desktop puts the ardoise beside them. */}
      <Grid
        gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gridTemplateAreas={{
          base: '"ardoise" "figures" "side" "history"',
          lg: '"figures ardoise" "history side"',
        }}
        gap="5"
        alignItems="start"
      >
        <Box gridArea="figures">
          <Figures client={client} shop={shop} />
        </Box>
        <Box gridArea="ardoise">
          <Ardoise client={client} shop={shop} onPay={() => setPaying(true)} />
        </Box>
        <Box gridArea="history">
          <Section title="Historique">
            <ClientTimeline
              shopId={shop._id}
              clientId={client.id}
              currency={shop.currency}
              timeZone={shop.timeZone}
            />
          </Section>
        </Box>
        <Stack gap="5" gridArea="side">
          <ClientLoyaltyCard
            shopId={shop._id}
            clientId={client.id}
            currency={shop.currency}
            timeZone={shop.timeZone}
          />
          <Profile client={client} shop={shop} onEdit={() => setEditing(true)} />
          <Consents client={client} shop={shop} />
        </Stack>
      </Grid>
      <FirstOpened isOpen={isPaying}>
        <ClientPaymentDialog
          shopId={shop._id}
          clientId={client.id}
          currency={shop.currency}
          balance={client.balance}
          isOpen={isPaying}
          onClose={() => setPaying(false)}
        />
      </FirstOpened>
      {isEditing ? (
        <ClientProfileDialog
          shopId={shop._id}
          currency={shop.currency}
          client={client}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Stack>
  );
}

/** /mes-clients/[clientId]: a client's profile, figures, ardoise, loyalty points, consents and history. */
export function ClientScreen() {
  const router = useRouter();
  const clientId = typeof router.query.clientId === 'string' ? router.query.clientId : '';
  return (
    <AppShell capability="clients:manage">
      {({ shop }) => (shop && clientId ? <ClientPageView shop={shop} clientId={clientId} /> : null)}
    </AppShell>
  );
}
