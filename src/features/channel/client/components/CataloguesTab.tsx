import { Alert, Badge, Button, Field, HStack, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { PageLink } from '@/client/components/PageLink';
import { useState } from 'react';
import { LuCopy, LuRefreshCw } from 'react-icons/lu';
import { copyText, COPY_FAILED } from '@/client/copy-text';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { withShopId } from '@/shared/navigation';
import {
  useChannelSettingsQuery,
  useCheckFeedsQuery,
  useRenewFeedSecretMutation,
  useUpdateChannelSettingsMutation,
  type ChannelSettings,
} from '../channel.api';
import { formatCount } from '@/shared/numbers';

const PLATFORM_LABELS = { meta: 'Meta', google: 'Google' } as const;

function FeedAddress({ label, url, help }: { label: string; url: string; help: string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" w="full">
        <Input readOnly value={url} fontFamily="mono" fontSize="xs" aria-label={label} />
        <Button
          size="sm"
          variant="outline"
          onClick={async () =>
            toaster.create(
              (await copyText(url))
                ? { type: 'success', title: 'Adresse copiée.' }
                : { type: 'error', title: COPY_FAILED },
            )
          }
        >
          <LuCopy /> Copier
        </Button>
      </HStack>
      <Field.HelperText>{help}</Field.HelperText>
    </Field.Root>
  );
}

function Addresses({ shopId, settings }: { shopId: string; settings: ChannelSettings }) {
  const [brand, setBrand] = useState(settings.feedBrand);
  const [update, { isLoading }] = useUpdateChannelSettingsMutation();
  const [renew, { isLoading: isRenewing }] = useRenewFeedSecretMutation();
  const [isConfirming, setConfirming] = useState(false);
  const { fieldErrors, run } = useServerErrors<'feedBrand'>();
  return (
    <Stack gap="4" borderWidth="1px" rounded="md" bg="bg" p="4">
      <Text fontWeight="semibold">Adresses de vos catalogues</Text>
      <FeedAddress
        label="Catalogue Meta (Facebook, Instagram, WhatsApp)"
        url={settings.feeds.meta}
        help="Dans le Commerce Manager : Catalogue › Sources de données › Flux de données › Planifié, puis collez cette adresse."
      />
      <FeedAddress
        label="Catalogue Google Merchant Center"
        url={settings.feeds.google}
        help="Dans Merchant Center : Produits › Sources de produits › Ajouter un fichier › Saisir un lien vers votre fichier."
      />
      <Text fontSize="xs" color="fg.muted">
        Ces adresses sont secrètes : qui les a lit tout votre catalogue. Elles suivent vos produits (cinq
        minutes au plus de décalage).
      </Text>
      <HStack gap="2" align="end" flexWrap="wrap">
        <Field.Root invalid={!!fieldErrors.feedBrand} flex="1" minW="14rem">
          <Field.Label>Marque des produits</Field.Label>
          <Input
            name="feedBrand"
            value={brand}
            placeholder="Souvent le nom de la boutique"
            onChange={(e) => setBrand(e.currentTarget.value)}
          />
          {fieldErrors.feedBrand ? <Field.ErrorText>{fieldErrors.feedBrand}</Field.ErrorText> : null}
        </Field.Root>
        <Button
          loading={isLoading}
          onClick={() =>
            void run(async () => {
              await update({ shopId, feedBrand: brand }).unwrap();
              toaster.create({ type: 'success', title: 'Marque enregistrée.' });
            })
          }
        >
          Enregistrer
        </Button>
      </HStack>
      <Button size="sm" variant="ghost" alignSelf="start" onClick={() => setConfirming(true)}>
        <LuRefreshCw /> Changer les adresses secrètes
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        title="Changer les adresses des catalogues ?"
        confirmLabel="Changer les adresses"
        isLoading={isRenewing}
        onConfirm={() =>
          void renew({ shopId })
            .unwrap()
            .then(() => {
              setConfirming(false);
              toaster.create({
                type: 'success',
                title: 'Nouvelles adresses prêtes : mettez-les à jour chez Meta et Google.',
              });
            })
            .catch(() =>
              toaster.create({ type: 'error', title: 'Les adresses n’ont pas pu être changées. Réessayez.' }),
            )
        }
      >
        Les adresses actuelles ne répondront plus : donnez les nouvelles à Meta et à Google.
      </ConfirmDialog>
    </Stack>
  );
}

function FeedCheck({ shopId }: { shopId: string }) {
  const { data, isFetching, refetch } = useCheckFeedsQuery({ shopId });
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" bg="bg" p="4" data-testid="feed-check">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="semibold">Vérification avant envoi</Text>
        <Button size="sm" variant="outline" loading={isFetching} onClick={() => void refetch()}>
          Vérifier à nouveau
        </Button>
      </HStack>
      {!data ? <Skeleton h="24" aria-busy="true" /> : null}
      {data?.shopProblems.map((p) => (
        <Alert.Root key={p} status="warning">
          <Alert.Indicator />
          <Alert.Description>{p}</Alert.Description>
        </Alert.Root>
      ))}
      {data && data.totalProblems === 0 ? (
        <Text color="green.fg">
          Les {formatCount(data.checkedProducts)} produits du catalogue sont prêts pour Meta et Google.
        </Text>
      ) : null}
      {data && data.totalProblems > 0 ? (
        <>
          <Text fontSize="sm" color="fg.muted">
            {formatCount(data.totalProblems)} point{data.totalProblems > 1 ? 's' : ''} à corriger sur{' '}
            {formatCount(data.checkedProducts)} produits
            {data.totalProblems > data.problems.length
              ? ` (les ${data.problems.length} premiers ci-dessous)`
              : ''}
            .
          </Text>
          <Stack as="ul" listStyleType="none" gap="0">
            {data.problems.map((p) => (
              <HStack
                as="li"
                key={`${p.productId}-${p.field}-${p.message}`}
                py="2"
                borderTopWidth="1px"
                gap="3"
                align="start"
                flexWrap="wrap"
              >
                <Badge colorPalette={p.severity === 'error' ? 'red' : 'orange'} flexShrink={0}>
                  {p.severity === 'error' ? 'Refusé' : 'À améliorer'}
                </Badge>
                <Stack gap="0" flex="1" minW="0">
                  <Link asChild fontWeight="medium">
                    <PageLink href={withShopId(`/mes-produits/${p.productId}`, shopId)}>
                      {p.productName}
                    </PageLink>
                  </Link>
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {p.message}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {p.platforms.map((x) => PLATFORM_LABELS[x]).join(' et ')}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

/** The Meta and Google catalogue feeds: their secret addresses, the brand, and the check. */
export function CataloguesTab({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const { data: settings } = useChannelSettingsQuery({ shopId });
  return (
    <Stack gap="4">
      {canManage && settings ? <Addresses shopId={shopId} settings={settings} /> : null}
      {!canManage ? (
        <Text fontSize="sm" color="fg.muted">
          Les adresses des catalogues sont réservées aux administrateurs, superviseurs et vendeurs.
        </Text>
      ) : null}
      <FeedCheck shopId={shopId} />
    </Stack>
  );
}
