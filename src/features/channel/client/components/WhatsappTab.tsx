import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCopy, LuDownload, LuMessageCircle } from 'react-icons/lu';
import { copyText, COPY_FAILED } from '@/client/copy-text';
import { downloadFromApi } from '@/client/api/download';
import { useServerErrors } from '@/client/components/form';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { useListCategoriesQuery } from '@/features/product/client/product.api';
import { ProductPicker } from '@/features/order/client/components/ProductPicker';
import {
  DEFAULT_MESSAGE_TEMPLATES,
  MESSAGE_TEMPLATE_LABELS,
  MESSAGE_TEMPLATES,
  TEMPLATE_FIELDS,
  type MessageTemplateKey,
} from '../../channel.constants';
import {
  useChannelSettingsQuery,
  useShareLinksQuery,
  useUpdateChannelSettingsMutation,
  type ChannelSettings,
} from '../channel.api';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" bg="bg" p="4">
      <Text fontWeight="semibold">{title}</Text>
      {children}
    </Stack>
  );
}

async function copy(text: string) {
  const ok = await copyText(text);
  toaster.create(ok ? { type: 'success', title: 'Message copié.' } : { type: 'error', title: COPY_FAILED });
}

function PhoneForm({
  shopId,
  settings,
  canManage,
}: {
  shopId: string;
  settings: ChannelSettings;
  canManage: boolean;
}) {
  const [phone, setPhone] = useState(settings.whatsappPhone ? formatPhone(settings.whatsappPhone) : '');
  const [update, { isLoading }] = useUpdateChannelSettingsMutation();
  const { fieldErrors, formError, run } = useServerErrors<'whatsappPhone'>();
  return (
    <Section title="Numéro WhatsApp de la boutique">
      <FormErrorAlert message={formError} />
      <HStack gap="2" align="end" flexWrap="wrap">
        <Field.Root invalid={!!fieldErrors.whatsappPhone} flex="1" minW="14rem">
          <Field.Label>Numéro WhatsApp</Field.Label>
          <Input
            name="whatsappPhone"
            inputMode="tel"
            value={phone}
            disabled={!canManage}
            placeholder="+221 77 123 45 67"
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
          {fieldErrors.whatsappPhone ? (
            <Field.ErrorText>{fieldErrors.whatsappPhone}</Field.ErrorText>
          ) : (
            <Field.HelperText>Les boutons « Commander sur WhatsApp » du site y mènent.</Field.HelperText>
          )}
        </Field.Root>
        {canManage ? (
          <Button
            loading={isLoading}
            onClick={() =>
              void run(async () => {
                const saved = await update({ shopId, whatsappPhone: phone }).unwrap();
                setPhone(saved.whatsappPhone ? formatPhone(saved.whatsappPhone) : '');
                toaster.create({ type: 'success', title: 'Numéro WhatsApp enregistré.' });
              })
            }
          >
            Enregistrer
          </Button>
        ) : null}
      </HStack>
    </Section>
  );
}

function ShareBox({
  shopId,
  currency,
  query,
}: {
  shopId: string;
  currency: string;
  query: { productId?: string; categoryId?: string };
}) {
  const { data, error, isFetching } = useShareLinksQuery({ shopId, ...query });
  if (isFetching && !data) return <Skeleton h="24" />;
  if (error || !data)
    return (
      <Text color="fg.error" fontSize="sm">
        {(error as { message?: string } | undefined)?.message ?? 'Ce lien n’a pas pu être préparé.'}
      </Text>
    );
  return (
    <Stack gap="2" data-testid="share-box">
      {!data.isSitePublished ? (
        <Text fontSize="sm" color="orange.fg">
          Votre boutique en ligne n’est pas publiée : le lien mène à une page fermée.
        </Text>
      ) : null}
      <Box
        as="pre"
        whiteSpace="pre-wrap"
        fontFamily="inherit"
        fontSize="sm"
        bg="bg.muted"
        rounded="md"
        p="3"
        data-testid="share-text"
      >
        {data.text}
      </Box>
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" colorPalette="green" bg="green.700" _hover={{ bg: 'green.800' }}>
          <a href={data.waUrl} target="_blank" rel="noopener noreferrer" data-testid="share-wa">
            <LuMessageCircle /> Partager sur WhatsApp
          </a>
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copy(data.text)}>
          <LuCopy /> Copier le message
        </Button>
        {data.statusCardUrl && query.productId ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void downloadFromApi(
                '/api/channel/statusCard',
                { shopId, productId: query.productId },
                'statut.jpg',
              ).catch(() =>
                toaster.create({ type: 'error', title: 'La carte Statut n’a pas pu être créée. Réessayez.' }),
              )
            }
          >
            <LuDownload /> Carte Statut (1080 × 1920)
          </Button>
        ) : null}
      </HStack>
      {data.variants.length ? (
        <Stack gap="1" fontSize="sm">
          <Text color="fg.muted">Une variante précise :</Text>
          {data.variants.map((v) => (
            <HStack key={v.id} gap="2" justify="space-between">
              <Text>
                {v.label} · {formatMoney(v.price, currency)}
              </Text>
              <Button asChild size="xs" variant="outline">
                <a href={v.waUrl} target="_blank" rel="noopener noreferrer">
                  Partager
                </a>
              </Button>
            </HStack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Sharing({ shopId, currency }: { shopId: string; currency: string }) {
  const { data: categories } = useListCategoriesQuery({ shopId });
  const [what, setWhat] = useState<'shop' | 'category' | 'product'>('product');
  const [categoryId, setCategoryId] = useState('');
  const [product, setProduct] = useState<{ id: string; label: string } | null>(null);
  return (
    <Section title="Commander sur WhatsApp : partager un lien">
      <NativeSelect.Root size="sm" maxW="20rem">
        <NativeSelect.Field
          aria-label="Que partager ?"
          value={what}
          onChange={(e) => setWhat(e.currentTarget.value as typeof what)}
        >
          <option value="product">Un produit</option>
          <option value="category">Une catégorie</option>
          <option value="shop">Toute la boutique</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {what === 'shop' ? <ShareBox shopId={shopId} currency={currency} query={{}} /> : null}
      {what === 'category' ? (
        <>
          <NativeSelect.Root size="sm" maxW="20rem">
            <NativeSelect.Field
              aria-label="Catégorie à partager"
              value={categoryId}
              onChange={(e) => setCategoryId(e.currentTarget.value)}
            >
              <option value="">Choisissez une catégorie</option>
              {(categories ?? []).map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {categoryId ? <ShareBox shopId={shopId} currency={currency} query={{ categoryId }} /> : null}
        </>
      ) : null}
      {what === 'product' ? (
        <>
          <ProductPicker
            shopId={shopId}
            currency={currency}
            actionLabel="Partager"
            allowsOutOfStock
            onPick={(picked) => setProduct({ id: picked.productId, label: picked.label })}
          />
          {product ? (
            <ShareBox shopId={shopId} currency={currency} query={{ productId: product.id }} />
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

function Templates({
  shopId,
  settings,
  canManage,
}: {
  shopId: string;
  settings: ChannelSettings;
  canManage: boolean;
}) {
  const [texts, setTexts] = useState(settings.templates);
  useEffect(() => setTexts(settings.templates), [settings.templates]);
  const [update, { isLoading }] = useUpdateChannelSettingsMutation();
  const { fieldErrors, formError, run } = useServerErrors<string>();
  return (
    <Section title="Messages de suivi envoyés au client">
      <Text fontSize="sm" color="fg.muted">
        Depuis une commande, un bouton ouvre WhatsApp avec le message prêt. Champs remplis :{' '}
        {TEMPLATE_FIELDS.map((f) => `{{${f}}}`).join(', ')}.
      </Text>
      <FormErrorAlert message={formError} />
      {MESSAGE_TEMPLATES.map((key: MessageTemplateKey) => (
        <Field.Root key={key} invalid={!!fieldErrors[`templates.${key}`]}>
          <Field.Label>{MESSAGE_TEMPLATE_LABELS[key]}</Field.Label>
          <Textarea
            name={`template-${key}`}
            rows={3}
            value={texts[key]}
            disabled={!canManage}
            onChange={(e) => setTexts({ ...texts, [key]: e.currentTarget.value })}
          />
          {fieldErrors[`templates.${key}`] ? (
            <Field.ErrorText>{fieldErrors[`templates.${key}`]}</Field.ErrorText>
          ) : null}
          {canManage && texts[key] !== DEFAULT_MESSAGE_TEMPLATES[key] ? (
            <Button
              size="xs"
              variant="ghost"
              alignSelf="start"
              onClick={() => setTexts({ ...texts, [key]: DEFAULT_MESSAGE_TEMPLATES[key] })}
            >
              Remettre notre message
            </Button>
          ) : null}
        </Field.Root>
      ))}
      {canManage ? (
        <Button
          alignSelf="start"
          loading={isLoading}
          onClick={() =>
            void run(async () => {
              await update({ shopId, templates: texts }).unwrap();
              toaster.create({ type: 'success', title: 'Messages enregistrés.' });
            })
          }
        >
          Enregistrer les messages
        </Button>
      ) : null}
    </Section>
  );
}

/** WhatsApp: the shop's number, the share links and « carte Statut », the status messages' wording. */
export function WhatsappTab({
  shopId,
  currency,
  canManage,
}: {
  shopId: string;
  currency: string;
  canManage: boolean;
}) {
  const { data: settings, isLoading } = useChannelSettingsQuery({ shopId });
  if (isLoading || !settings) return <Skeleton h="48" aria-busy="true" />;
  return (
    <Stack gap="4">
      <PhoneForm shopId={shopId} settings={settings} canManage={canManage} />
      {canManage ? <Sharing shopId={shopId} currency={currency} /> : null}
      <Templates shopId={shopId} settings={settings} canManage={canManage} />
    </Stack>
  );
}
