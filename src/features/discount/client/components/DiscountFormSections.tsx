import {
  Button,
  Card,
  Checkbox,
  Field,
  Grid,
  HStack,
  FieldTextInput,
  InputGroup,
  NativeSelect,
  RadioGroup,
  Skeleton,
  Stack,
  Text,
} from '@/client/ui';
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { get, useController, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { LuSparkles } from 'react-icons/lu';
import { messageOf } from '@/client/forms/fields';
import { CURRENCIES, type CurrencyCode } from '@/shared/countries';
import type { SalesChannel } from '@/shared/discounts/types';
import type { DiscountFormValues, ValueTarget } from '../discount-form';
import { CHANNEL_LABELS, CHANNELS, suggestCode, WEEKDAY_LABELS } from '../discount-text';

// Drawn for some choices only (products or categories, chosen clients): their code loads with them.
const CatalogueSetPicker = dynamic(() => import('./CatalogueSetPicker').then((m) => m.CatalogueSetPicker), {
  loading: () => <Skeleton h="24" />,
});
const ClientsChooser = dynamic(() => import('./ClientsChooser').then((m) => m.ClientsChooser), {
  loading: () => <Skeleton h="10" />,
});

type Name = FieldPath<DiscountFormValues>;

export function Section(props: { title: string; children: ReactNode; description?: string }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{props.title}</Card.Title>
        {props.description ? <Card.Description fontSize="sm">{props.description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  );
}

/** The form's error at a path, or at a path below it. */
function useErrorAt(name: Name): string | undefined {
  const { control } = useFormContext<DiscountFormValues>();
  const { errors } = useFormState({ control, name });
  return messageOf(get(errors, name));
}

/** A text field of the form, with what follows the figure (« % », « FCFA »). */
export function TextInput(props: {
  name: Name;
  label: string;
  suffix?: string;
  helper?: string;
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
  required?: boolean;
  /** Its widest (a size token); the form's width unless told. */
  maxW?: '48';
}) {
  const { control } = useFormContext<DiscountFormValues>();
  const { field, fieldState } = useController({ control, name: props.name });
  const error = messageOf(fieldState.error);
  const input = (
    <FieldTextInput
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      placeholder={props.placeholder}
      autoComplete="off"
    />
  );
  return (
    <Field.Root invalid={!!error} required={props.required} maxW={props.maxW === '48' ? '48' : undefined}>
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.suffix ? <InputGroup endElement={props.suffix}>{input}</InputGroup> : input}
      {props.helper && !error ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

function CheckboxField({ name, label }: { name: Name; label: string }) {
  const { control } = useFormContext<DiscountFormValues>();
  const { field } = useController({ control, name });
  return (
    <Checkbox.Root checked={!!field.value} onCheckedChange={(e) => field.onChange(!!e.checked)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

function Radios<T extends string>(props: {
  name: Name;
  label: string;
  options: Array<{ value: T; label: string }>;
}) {
  const { control } = useFormContext<DiscountFormValues>();
  const { field } = useController({ control, name: props.name });
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <RadioGroup.Root
        value={field.value as string}
        onValueChange={(e) => e.value && field.onChange(e.value)}
        aria-label={props.label}
      >
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '5' }} flexWrap="wrap">
          {props.options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Field.Root>
  );
}

const symbolOf = (currency: string) => CURRENCIES[currency as CurrencyCode]?.symbol ?? currency;

/** « Réduction »: code or automatic, its name and the code clients type. */
export function IdentitySection() {
  const { control, setValue } = useFormContext<DiscountFormValues>();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <Section title="Réduction">
      <Stack gap="4">
        <Radios
          name="kind"
          label="Comment elle s’applique"
          options={[
            { value: 'code', label: 'Code (le client ou le caissier le tape)' },
            { value: 'automatic', label: 'Automatique (dès que les conditions sont remplies)' },
          ]}
        />
        <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" alignItems="start">
          <TextInput
            name="name"
            label="Nom"
            required
            placeholder={kind === 'code' ? 'Bienvenue' : '3 pour 2 sur les boissons'}
            helper="Visible sur les tickets et les factures."
          />
          {kind === 'code' ? (
            <HStack align="end" gap="2">
              <TextInput name="code" label="Code" required placeholder="BIENVENUE10" />
              <Button
                variant="outline"
                onClick={() => setValue('code', suggestCode(), { shouldDirty: true, shouldValidate: false })}
              >
                <LuSparkles /> Générer
              </Button>
            </HStack>
          ) : null}
        </Grid>
      </Stack>
    </Section>
  );
}

const VALUE_CHOICES: Array<{ value: string; label: string }> = [
  { value: 'order:percentage', label: 'Pourcentage sur la commande' },
  { value: 'order:amount', label: 'Montant sur la commande' },
  { value: 'products:percentage', label: 'Pourcentage sur des produits' },
  { value: 'products:amount', label: 'Montant sur des produits' },
  { value: 'delivery:', label: 'Livraison offerte' },
  { value: 'buy-x-get-y:', label: 'Achetez X, obtenez Y' },
];

function ValueChoice() {
  const { control, setValue } = useFormContext<DiscountFormValues>();
  const [target, type] = useWatch({ control, name: ['value.target', 'value.reduction.type'] });
  const current = target === 'order' || target === 'products' ? `${target}:${type}` : `${target}:`;
  return (
    <Field.Root>
      <Field.Label>Type de réduction</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={current}
          onChange={(e) => {
            const [t, r] = e.currentTarget.value.split(':') as [ValueTarget, string];
            setValue('value.target', t, { shouldDirty: true });
            if (r) setValue('value.reduction.type', r as 'percentage' | 'amount', { shouldDirty: true });
          }}
        >
          {VALUE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function SetPicker(props: {
  name: 'value.products' | 'value.buy.products' | 'value.get.products';
  label: string;
  shopId: string;
  currency: string;
}) {
  const { control } = useFormContext<DiscountFormValues>();
  const { field, fieldState } = useController({ control, name: props.name });
  return (
    <CatalogueSetPicker
      shopId={props.shopId}
      currency={props.currency}
      label={props.label}
      value={field.value}
      onChange={field.onChange}
      error={messageOf(fieldState.error)}
    />
  );
}

/** « Valeur »: what it takes off, and off what. */
export function ValueSection({ shopId, currency }: { shopId: string; currency: string }) {
  const { control } = useFormContext<DiscountFormValues>();
  const [target, type] = useWatch({ control, name: ['value.target', 'value.reduction.type'] });
  const symbol = symbolOf(currency);
  return (
    <Section title="Valeur">
      <Stack gap="4">
        <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" alignItems="start">
          <ValueChoice />
          {target === 'order' || target === 'products' ? (
            type === 'percentage' ? (
              <TextInput
                name="value.reduction.percentage"
                label="Pourcentage de réduction"
                suffix="%"
                inputMode="decimal"
                required
              />
            ) : (
              <TextInput
                name="value.reduction.amount"
                label={`Montant de la réduction (${symbol})`}
                suffix={symbol}
                inputMode="decimal"
                required
              />
            )
          ) : null}
        </Grid>
        {target === 'products' ? (
          <Stack gap="4">
            {type === 'amount' ? (
              <Radios
                name="value.amountPer"
                label="Le montant s’applique"
                options={[
                  { value: 'unit', label: 'À chaque article' },
                  { value: 'order', label: 'Une fois, partagé entre les articles' },
                ]}
              />
            ) : null}
            <Stack gap="2">
              <Text fontWeight="medium" fontSize="sm">
                Produits concernés
              </Text>
              <SetPicker
                name="value.products"
                label="Produits concernés"
                shopId={shopId}
                currency={currency}
              />
            </Stack>
          </Stack>
        ) : null}
        {target === 'delivery' ? (
          <Text fontSize="sm" color="fg.muted">
            Les frais de livraison de la commande sont offerts.
          </Text>
        ) : null}
        {target === 'buy-x-get-y' ? (
          <Stack gap="5">
            <Stack gap="3" borderWidth="1px" rounded="md" p="3">
              <Text fontWeight="medium">Le client achète</Text>
              <TextInput
                name="value.buy.quantity"
                label="Quantité achetée"
                inputMode="numeric"
                maxW="48"
                required
              />
              <SetPicker
                name="value.buy.products"
                label="Produits achetés"
                shopId={shopId}
                currency={currency}
              />
            </Stack>
            <Stack gap="3" borderWidth="1px" rounded="md" p="3">
              <Text fontWeight="medium">Le client obtient</Text>
              <Grid gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" alignItems="start">
                <TextInput name="value.get.quantity" label="Quantité obtenue" inputMode="numeric" required />
                <TextInput
                  name="value.get.percentage"
                  label="Réduction sur ces articles"
                  suffix="%"
                  inputMode="decimal"
                  helper="100 % = offert."
                  required
                />
              </Grid>
              <SetPicker
                name="value.get.products"
                label="Produits obtenus"
                shopId={shopId}
                currency={currency}
              />
              <Text fontSize="xs" color="fg.muted">
                Les articles les moins chers de cet ensemble sont offerts en premier.
              </Text>
            </Stack>
            <CheckboxField name="value.repeats" label="Se répète (autant de fois que le panier le permet)" />
          </Stack>
        ) : null}
      </Stack>
    </Section>
  );
}

const WEEKDAY_SHORT = ['Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.', 'Sam.', 'Dim.'];

function ChannelBoxes() {
  const { control } = useFormContext<DiscountFormValues>();
  const { field, fieldState } = useController({ control, name: 'conditions.channels' });
  const error = messageOf(fieldState.error);
  const value = field.value;
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Canaux de vente</Field.Label>
      <HStack gap="4" flexWrap="wrap" role="group" aria-label="Canaux de vente">
        {CHANNELS.map((channel: SalesChannel) => (
          <Checkbox.Root
            key={channel}
            checked={value.includes(channel)}
            onCheckedChange={(e) =>
              field.onChange(e.checked ? [...value, channel] : value.filter((c) => c !== channel))
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{CHANNEL_LABELS[channel]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

function WeekdayBoxes() {
  const { control } = useFormContext<DiscountFormValues>();
  const { field } = useController({ control, name: 'conditions.weekdays' });
  const value = field.value;
  return (
    <Field.Root>
      <Field.Label>Jours de la semaine</Field.Label>
      <HStack gap="3" flexWrap="wrap" role="group" aria-label="Jours de la semaine">
        {WEEKDAY_SHORT.map((short, i) => (
          <Checkbox.Root
            key={short}
            size="sm"
            checked={value.includes(i + 1)}
            onCheckedChange={(e) =>
              field.onChange(e.checked ? [...value, i + 1] : value.filter((d) => d !== i + 1))
            }
            aria-label={WEEKDAY_LABELS[i]}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{short}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      <Field.HelperText>Aucun jour coché : tous les jours.</Field.HelperText>
    </Field.Root>
  );
}

function Clients({ shopId }: { shopId: string }) {
  const { control } = useFormContext<DiscountFormValues>();
  const type = useWatch({ control, name: 'conditions.customers.type' });
  const { field } = useController({ control, name: 'conditions.customers.ids' });
  const error = useErrorAt('conditions.customers');
  return (
    <Stack gap="3">
      <Radios
        name="conditions.customers.type"
        label="Clients"
        options={[
          { value: 'all', label: 'Tous' },
          { value: 'ids', label: 'Clients choisis' },
          { value: 'tags', label: 'Clients avec une étiquette' },
          { value: 'first-order', label: 'Première commande' },
        ]}
      />
      {type === 'ids' ? (
        <ClientsChooser shopId={shopId} value={field.value} onChange={field.onChange} error={error} />
      ) : type === 'tags' ? (
        <TextInput
          name="conditions.customers.tags"
          label="Étiquettes des clients"
          placeholder="VIP, Fidèle"
          helper="Séparées par des virgules : un client qui porte l’une d’elles."
        />
      ) : error ? (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** « Conditions »: minimums, clients, channels, dates, days and hours. */
export function ConditionsSection(props: { shopId: string; currency: string; timeZone: string }) {
  const symbol = symbolOf(props.currency);
  return (
    <Section title="Conditions">
      <Stack gap="5">
        <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" alignItems="start">
          <TextInput
            name="conditions.minSubtotal"
            label={`Montant minimum d’achat (${symbol})`}
            suffix={symbol}
            inputMode="decimal"
            helper="Sur le montant des articles, avant réduction."
          />
          <TextInput name="conditions.minQuantity" label="Quantité minimum d’articles" inputMode="numeric" />
        </Grid>
        <Clients shopId={props.shopId} />
        <ChannelBoxes />
        <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" alignItems="start">
          <TextInput
            name="startsAt"
            label="Début"
            type="datetime-local"
            helper={`Heure de la boutique (${props.timeZone}). Vide : dès l’activation.`}
          />
          <TextInput name="endsAt" label="Fin" type="datetime-local" helper="Vide : sans fin." />
        </Grid>
        <WeekdayBoxes />
        <Stack gap="1">
          <Grid gridTemplateColumns={{ base: '1fr 1fr', md: '12rem 12rem' }} gap="4" alignItems="start">
            <TextInput name="conditions.hours.from" label="De (heure)" type="time" />
            <TextInput name="conditions.hours.to" label="À (heure)" type="time" />
          </Grid>
          <Text fontSize="xs" color="fg.muted">
            Heures « happy hour », chaque jour choisi ; vide : toute la journée.
          </Text>
        </Stack>
      </Stack>
    </Section>
  );
}

/** « Limites ». */
export function LimitsSection({ currency, kind }: { currency: string; kind: 'code' | 'automatic' }) {
  const symbol = symbolOf(currency);
  return (
    <Section title="Limites">
      <Grid
        gridTemplateColumns={{ base: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }}
        gap="4"
        alignItems="start"
      >
        <TextInput
          name="limits.totalUses"
          label="Utilisations au total"
          inputMode="numeric"
          helper={kind === 'code' ? 'Vide : sans limite.' : 'Nombre de commandes ; vide : sans limite.'}
        />
        <TextInput
          name="limits.usesPerClient"
          label="Utilisations par client"
          inputMode="numeric"
          helper="Client reconnu à son téléphone."
        />
        <TextInput
          name="limits.maxAmountPerOrder"
          label={`Montant maximum par commande (${symbol})`}
          suffix={symbol}
          inputMode="decimal"
        />
      </Grid>
    </Section>
  );
}

/** « Cumul »: the classes it stacks with (both discounts of a pair must allow it). */
export function CombinationsSection() {
  return (
    <Section
      title="Cumul"
      description="Deux réductions se cumulent si chacune l’autorise pour le type de l’autre."
    >
      <Stack gap="3">
        <CheckboxField name="combinesWith.order" label="Se cumule avec les réductions sur la commande" />
        <CheckboxField name="combinesWith.product" label="Se cumule avec les réductions sur les produits" />
        <CheckboxField name="combinesWith.delivery" label="Se cumule avec les réductions sur la livraison" />
      </Stack>
    </Section>
  );
}
