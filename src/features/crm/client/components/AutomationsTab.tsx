import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { toaster } from '@/client/shell/toaster';
import { AUTOMATIONS, type TAutomation } from '../../crm.schemas';
import { useAutomationMessagesQuery, useListAutomationsQuery, useSaveAutomationMutation } from '../crm.api';
import { CrmMessages } from './CrmMessages';
import { partsLabel } from '../sms-counter';
import { CodeDiscountField } from './CodeDiscountField';

/** An automation's latest messages, read when asked for. */
function LatestMessages(props: { shopId: string; kind: TAutomation['kind'] }) {
  const latest = useAutomationMessagesQuery({ shopId: props.shopId, kind: props.kind });
  return (
    <CrmMessages
      testId={`automation-messages-${props.kind}`}
      messages={latest.data?.messages}
      empty="Aucun message envoyé pour l’instant."
    />
  );
}

/** One automation: switched on or off, its text, its delay, its codes' discount, what it sent. */
function AutomationCard(props: { shopId: string; automation: TAutomation; canManage: boolean }) {
  const { automation } = props;
  const spec = AUTOMATIONS[automation.kind];
  const [enabled, setEnabled] = useState(automation.enabled);
  const [template, setTemplate] = useState(automation.template);
  const [days, setDays] = useState(String(automation.days ?? ''));
  const [discountId, setDiscountId] = useState(automation.discountId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSaveAutomationMutation();
  const [showLatest, setShowLatest] = useState(false);
  const withCode = template.includes('{code}');
  const titleId = `automation-${automation.kind}`;

  async function submit() {
    setErrors({});
    setFormError(null);
    const delay = spec.days ? Number(days) : undefined;
    if (spec.days && (!days.trim() || !Number.isInteger(delay))) {
      setErrors({ days: 'Indiquez un nombre de jours entier.' });
      return;
    }
    try {
      await save({
        shopId: props.shopId,
        kind: automation.kind,
        enabled,
        template,
        ...(delay !== undefined ? { days: delay } : {}),
        ...(withCode && discountId ? { discountId } : {}),
      }).unwrap();
      toaster.create({
        title: enabled ? `« ${spec.title} » activée` : `« ${spec.title} » enregistrée, désactivée`,
        type: 'success',
        duration: 3000,
      });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.details);
        setFormError(Object.keys(error.details).length ? null : error.message);
      } else setFormError('L’automatisation n’a pas pu être enregistrée.');
    }
  }

  return (
    <Stack
      as="section"
      aria-labelledby={titleId}
      gap="3"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p="4"
      data-testid={`automation-${automation.kind}`}
    >
      <HStack justify="space-between" gap="3" align="start">
        <Stack gap="1">
          <HStack gap="2" flexWrap="wrap">
            <Text as="h2" id={titleId} fontWeight="semibold">
              {spec.title}
            </Text>
            <Badge colorPalette={automation.enabled ? 'green' : 'gray'}>
              {automation.enabled ? 'Activée' : 'Désactivée'}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {spec.when.replace('{jours}', String(automation.days ?? ''))}
          </Text>
        </Stack>
        <Switch.Root
          checked={enabled}
          onCheckedChange={(e) => setEnabled(e.checked)}
          disabled={!props.canManage}
          aria-label={`Activer « ${spec.title} »`}
        >
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      </HStack>
      <FormErrorAlert message={formError} />
      <Field.Root invalid={!!errors.template} disabled={!props.canManage}>
        <Field.Label>Message</Field.Label>
        <Textarea
          value={template}
          onChange={(e) => setTemplate(e.currentTarget.value)}
          rows={3}
          bg="bg"
          maxLength={1000}
        />
        <Text fontSize="xs" color="fg.muted">
          {`${partsLabel(template)} · ${spec.placeholders.join(' ')}${spec.marketing ? ' · la ligne STOP est ajoutée' : ''}`}
        </Text>
        {errors.template ? <Field.ErrorText>{errors.template}</Field.ErrorText> : null}
      </Field.Root>
      {spec.days ? (
        <Field.Root invalid={!!errors.days} maxW="xs" disabled={!props.canManage}>
          <Field.Label>{spec.days.label}</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={spec.days.min}
            max={spec.days.max}
            value={days}
            onChange={(e) => setDays(e.currentTarget.value)}
            bg="bg"
          />
          {errors.days ? <Field.ErrorText>{errors.days}</Field.ErrorText> : null}
        </Field.Root>
      ) : null}
      {withCode ? (
        <CodeDiscountField
          shopId={props.shopId}
          value={discountId}
          onChange={setDiscountId}
          disabled={!props.canManage}
          {...(errors.discountId ? { error: errors.discountId } : {})}
        />
      ) : null}
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontSize="sm" data-testid="automation-figures">
          {`${automation.sent30Days} envoyé${automation.sent30Days > 1 ? 's' : ''} ces 30 derniers jours${automation.queued ? ` · ${automation.queued} en file` : ''}`}
        </Text>
        <HStack gap="2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setShowLatest((shown) => !shown)}
            aria-expanded={showLatest}
          >
            {showLatest ? 'Masquer les envois' : 'Derniers envois'}
          </Button>
          {props.canManage ? (
            <Button size="sm" colorPalette="brand" onClick={() => void submit()} loading={saving.isLoading}>
              Enregistrer
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {showLatest ? <LatestMessages shopId={props.shopId} kind={automation.kind} /> : null}
    </Stack>
  );
}

/**
 * « Automatisations »: the four built-in journeys, each a switch with its own text, sent by the
 * hourly run in the shop's daytime, once per client and occasion, within the month's SMS.
 */
export function AutomationsTab(props: { shopId: string; canManage: boolean }) {
  const list = useListAutomationsQuery(props.shopId);
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Envoyés chaque heure entre 9 h et 20 h (heure de la boutique), une seule fois par client et par
        occasion, dans la limite des SMS de votre forfait. Seuls les clients qui ont donné leur accord SMS
        reçoivent les messages promotionnels ; le rappel d’ardoise concerne une dette et part vers tout client
        qui a un téléphone.
      </Text>
      {list.data ? (
        <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          {list.data.items.map((automation) => (
            <AutomationCard
              key={`${automation.kind}/${automation.updatedAt ?? ''}`}
              shopId={props.shopId}
              automation={automation}
              canManage={props.canManage}
            />
          ))}
        </Box>
      ) : (
        <Skeleton h="64" aria-busy="true" />
      )}
    </Stack>
  );
}
