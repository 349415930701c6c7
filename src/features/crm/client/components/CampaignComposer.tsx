import {
  Alert,
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuArrowLeft, LuSend } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { useDebounced } from '@/client/hooks/use-debounced';
import { toaster } from '@/client/shell/toaster';
import { formatPhone } from '@/shared/phone-format';
import { formatMoney } from '@/shared/money';
import { smsParts, smsText, withoutAccents } from '@/shared/sms-parts';
import { PRESET_SEGMENTS, type TSegmentDefinition } from '../../crm.schemas';
import {
  useCampaignOptionsQuery,
  useListSegmentsQuery,
  usePreviewCampaignQuery,
  useSendTestSmsMutation,
  useStartCampaignMutation,
} from '../crm.api';
import { CodeDiscountField } from './CodeDiscountField';
import { partsLabel } from '../sms-counter';
import { formatCount } from '@/shared/numbers';

const PLACEHOLDERS = ['{prénom}', '{boutique}', '{code}'];

/**
 * A new SMS campaign: its segment (saved or ready-made), its message with {prénom}, {boutique} and
 * {code} (each recipient's own single-use code of a code discount chosen here),
 * the exact SMS count and the « sans accents » rewrite, the preview of the first recipients' texts
 * (the STOP line as the server adds it), a test to one's own phone, then « Envoyer » now or later.
 */
export function CampaignComposer(props: { shopId: string; onClose: (campaignId?: string) => void }) {
  const saved = useListSegmentsQuery(props.shopId);
  const segments = useMemo(
    () => [
      ...(saved.data?.items ?? []).map((s) => ({
        key: `saved:${s._id}`,
        name: s.name,
        definition: s.definition,
      })),
      ...PRESET_SEGMENTS.map((p) => ({
        key: `preset:${p.key}`,
        name: `${p.name} (modèle)`,
        definition: p.definition,
      })),
    ],
    [saved.data],
  );
  const [segmentKey, setSegmentKey] = useState('preset:fideles');
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('Bonjour {prénom}, ');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [discountId, setDiscountId] = useState('');
  const [channel, setChannel] = useState<'sms' | 'whatsapp'>('sms');
  const options = useCampaignOptionsQuery(props.shopId);
  const whatsapp = options.data?.whatsapp ?? null;
  const onSms = channel === 'sms';
  const [start, starting] = useStartCampaignMutation();
  const [sendTest, testing] = useSendTestSmsMutation();

  const definition: TSegmentDefinition | undefined = segments.find((s) => s.key === segmentKey)?.definition;
  const typed = useDebounced(template, 400);
  const preview = usePreviewCampaignQuery(
    { shopId: props.shopId, definition: definition!, template: typed, channel },
    { skip: !definition || !typed.trim() },
  );
  const withCode = template.includes('{code}');
  const rewritten = withoutAccents(template);
  const saves = smsParts(smsText(template)).parts - smsParts(smsText(rewritten)).parts;
  const overQuota =
    preview.data && preview.data.smsLeft !== null && preview.data.parts > preview.data.smsLeft;

  function refused(error: unknown) {
    if (error instanceof ApiError) {
      setErrors(error.details);
      setFormError(Object.keys(error.details).length ? null : error.message);
    } else setFormError('La campagne n’a pas pu être lancée.');
  }

  async function submit() {
    if (!definition) return;
    setErrors({});
    setFormError(null);
    const at = when === 'later' && sendAt ? new Date(sendAt) : null;
    if (when === 'later' && (!at || Number.isNaN(at.getTime()))) {
      setErrors({ sendAt: 'Indiquez la date et l’heure d’envoi.' });
      return;
    }
    try {
      const started = await start({
        shopId: props.shopId,
        name,
        definition,
        template,
        ...(at ? { sendAt: at.toISOString() } : {}),
        ...(withCode && discountId ? { discountId } : {}),
        channel,
      }).unwrap();
      toaster.create({
        title: at ? 'Campagne programmée' : 'Campagne lancée',
        description: `${started.recipients} destinataire${started.recipients > 1 ? 's' : ''}, ${started.parts} SMS`,
        type: 'success',
        duration: 3500,
      });
      props.onClose(started.campaignId);
    } catch (error) {
      refused(error);
    }
  }

  async function test() {
    setErrors({});
    setFormError(null);
    try {
      const sent = await sendTest({ shopId: props.shopId, template }).unwrap();
      toaster.create({
        title: 'SMS d’essai envoyé',
        description: formatPhone(sent.phone),
        type: 'success',
        duration: 3500,
      });
    } catch (error) {
      refused(error);
    }
  }

  return (
    <Stack gap="4" data-testid="campaign-composer">
      <Box>
        <Button variant="ghost" size="sm" onClick={() => props.onClose()}>
          <LuArrowLeft /> Campagnes
        </Button>
      </Box>
      <FormErrorAlert message={formError} />
      <Field.Root invalid={!!errors.name} maxW="md" required>
        <Field.Label>Nom de la campagne</Field.Label>
        <Input
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          bg="bg"
          placeholder="Soldes de Tabaski"
        />
        {errors.name ? <Field.ErrorText>{errors.name}</Field.ErrorText> : null}
      </Field.Root>
      {whatsapp ? (
        <Field.Root invalid={!!errors.channel} maxW="md">
          <Field.Label>Canal</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={channel}
              onChange={(e) => setChannel(e.currentTarget.value as 'sms' | 'whatsapp')}
              bg="bg"
            >
              <option value="sms">SMS (dans votre forfait)</option>
              <option value="whatsapp">{`WhatsApp (${formatMoney(whatsapp.costPerMessage, 'XOF')} par message)`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.channel ? <Field.ErrorText>{errors.channel}</Field.ErrorText> : null}
          <Field.HelperText>
            {onSms
              ? 'Compté dans les SMS de votre forfait.'
              : 'Facturé par Meta à chaque message, hors forfait, aux clients qui ont donné leur accord WhatsApp.'}
          </Field.HelperText>
        </Field.Root>
      ) : null}
      <Field.Root invalid={!!errors.definition} maxW="md">
        <Field.Label>Destinataires</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={segmentKey}
            onChange={(e) => setSegmentKey(e.currentTarget.value)}
            bg="bg"
          >
            {segments.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.definition ? <Field.ErrorText>{errors.definition}</Field.ErrorText> : null}
        <Field.HelperText>
          {onSms
            ? 'Seuls les clients qui ont un téléphone et ont donné leur accord SMS le reçoivent.'
            : 'Seuls les clients qui ont un téléphone et ont donné leur accord WhatsApp le reçoivent.'}
        </Field.HelperText>
      </Field.Root>
      <Field.Root invalid={!!errors.template} required>
        <Field.Label>Message</Field.Label>
        <Textarea
          value={template}
          onChange={(e) => setTemplate(e.currentTarget.value)}
          rows={4}
          bg="bg"
          maxLength={1000}
        />
        <HStack gap="2" flexWrap="wrap" pt="1">
          {PLACEHOLDERS.map((p) => (
            <Button key={p} size="xs" variant="outline" onClick={() => setTemplate((t) => `${t}${p}`)}>
              {`Insérer ${p}`}
            </Button>
          ))}
          {onSms && rewritten !== template ? (
            <Button size="xs" variant="outline" onClick={() => setTemplate(rewritten)}>
              {saves > 0 ? `Sans accents (${saves} SMS de moins par message)` : 'Sans accents'}
            </Button>
          ) : null}
        </HStack>
        {onSms ? (
          <Text fontSize="sm" color="fg.muted" data-testid="sms-counter">
            {partsLabel(template)}
          </Text>
        ) : null}
        {errors.template ? <Field.ErrorText>{errors.template}</Field.ErrorText> : null}
      </Field.Root>
      {withCode ? (
        <CodeDiscountField
          shopId={props.shopId}
          value={discountId}
          onChange={setDiscountId}
          {...(errors.discountId ? { error: errors.discountId } : {})}
        />
      ) : null}
      {preview.data ? (
        <Stack
          gap="2"
          borderWidth="1px"
          rounded="lg"
          bg="bg"
          p="4"
          data-testid="campaign-preview"
          aria-live="polite"
        >
          <Text fontWeight="semibold">
            {`${formatCount(preview.data.recipients)} destinataire${preview.data.recipients > 1 ? 's' : ''}`}
            {preview.data.cost !== null
              ? ` · coût estimé ${formatMoney(preview.data.cost, 'XOF')}`
              : ` · ${formatCount(preview.data.parts)} SMS`}
            {preview.data.smsLeft !== null
              ? ` · il vous en reste ${formatCount(preview.data.smsLeft)} ce mois-ci`
              : ''}
          </Text>
          {overQuota ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                Cette campagne dépasse ce qui reste de votre forfait : réduisez le segment ou raccourcissez le
                message.
              </Alert.Title>
            </Alert.Root>
          ) : null}
          {preview.data.samples.map((sample) => (
            <Box key={sample.phone} borderTopWidth="1px" pt="2">
              <Text
                fontSize="xs"
                color="fg.muted"
              >{`${sample.name} · ${formatPhone(sample.phone)}${preview.data?.cost === null ? ` · ${sample.parts} SMS` : ''}`}</Text>
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {sample.text}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : null}
      <Stack gap="2">
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            aria-label="Quand envoyer"
            value={when}
            onChange={(e) => setWhen(e.currentTarget.value as 'now' | 'later')}
            bg="bg"
          >
            <option value="now">Envoyer maintenant</option>
            <option value="later">Programmer l’envoi</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {when === 'later' ? (
          <Field.Root invalid={!!errors.sendAt} maxW="xs">
            <Field.Label>Date et heure d’envoi</Field.Label>
            <Input
              type="datetime-local"
              value={sendAt}
              onChange={(e) => setSendAt(e.currentTarget.value)}
              bg="bg"
            />
            {errors.sendAt ? <Field.ErrorText>{errors.sendAt}</Field.ErrorText> : null}
          </Field.Root>
        ) : null}
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        <Button
          colorPalette="brand"
          onClick={() => void submit()}
          loading={starting.isLoading}
          disabled={!!overQuota}
        >
          <LuSend /> {when === 'later' ? 'Programmer la campagne' : 'Envoyer la campagne'}
        </Button>
        {onSms ? (
          <Button variant="outline" onClick={() => void test()} loading={testing.isLoading}>
            M’envoyer un essai
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
