import { Alert, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type Control } from 'react-hook-form';
import { LuArchive, LuArrowLeft, LuCopy } from 'react-icons/lu';
import { AppShell } from '@/client/shell/AppShell';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { showServerError } from '@/client/forms/fields';
import { useLazyResolver } from '@/client/forms/lazy-resolver';
import { toaster } from '@/client/shell/toaster';
import { withShopId } from '@/shared/navigation';
import type { Shop } from '@/features/shop/client/shop.api';
import type { TDiscountInput } from '../../discount.schemas';
import {
  useArchiveDiscountMutation,
  useCreateDiscountMutation,
  useDuplicateDiscountMutation,
  useGetDiscountQuery,
  useSetDiscountEnabledMutation,
  useUpdateDiscountMutation,
  type Discount,
} from '../discount.api';
import { emptyDiscountForm, formFromDiscount, type DiscountFormValues } from '../discount-form';
import { usageText } from '../discount-text';
import { StateBadge } from '../components/DiscountRows';
import {
  CombinationsSection,
  ConditionsSection,
  IdentitySection,
  LimitsSection,
  ValueSection,
} from '../components/DiscountFormSections';

// Only a code discount already saved has codes to generate: its card's code loads with it.
const DiscountCodesCard = dynamic(() =>
  import('../components/DiscountCodesCard').then((m) => m.DiscountCodesCard),
);

/** The form's rules (zod, the module's schemas), fetched once the page is drawn. */
const loadRules = () => import('../discount-form-schema');
type Rules = Awaited<ReturnType<typeof loadRules>>;

/**
 * The live one-line summary of what is typed (what can be read of it). It is judged by the form's
 * rules: until they have arrived, its line stays blank.
 */
function Summary(props: {
  control: Control<DiscountFormValues, unknown, TDiscountInput>;
  rules: Rules | null;
  currency: string;
  timeZone: string;
}) {
  const { control, rules, currency, timeZone } = props;
  const values = useWatch({ control }) as DiscountFormValues;
  const text = useMemo(
    () => rules?.discountSummary(values, currency, timeZone),
    [rules, values, currency, timeZone],
  );
  return (
    <Box borderWidth="1px" rounded="md" bg="bg.muted" px="4" py="3" data-testid="discount-summary">
      <Text fontSize="sm">
        <Text as="span" fontWeight="semibold">
          {'Résumé\u00a0: '}
        </Text>
        {text
          ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
          : text === null
            ? 'complétez la valeur de la réduction.'
            : ''}
      </Text>
    </Box>
  );
}

type Action = 'draft' | 'activate' | 'save' | 'disable';

function Editor({ shop, discount }: { shop: Shop; discount: Discount | null }) {
  const router = useRouter();
  const { currency, timeZone } = shop;
  const [rules, setRules] = useState<Rules | null>(null);
  useEffect(() => {
    let live = true;
    // The summary needs them at once; a failed fetch is said by the form at its first check.
    loadRules().then(
      (loaded) => live && setRules(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const { resolver } = useLazyResolver(
    async () => (await loadRules()).discountFormResolver(currency, timeZone),
    [currency, timeZone],
  );
  const form = useForm<DiscountFormValues, unknown, TDiscountInput>({
    resolver,
    defaultValues: discount ? formFromDiscount(discount, currency, timeZone) : emptyDiscountForm(),
    shouldFocusError: false,
  });
  const [create] = useCreateDiscountMutation();
  const [update] = useUpdateDiscountMutation();
  const [setEnabled] = useSetDiscountEnabledMutation();
  const [duplicate, duplicateState] = useDuplicateDiscountMutation();
  const [archive, archiveState] = useArchiveDiscountMutation();
  const [busy, setBusy] = useState<Action | null>(null);
  const [isArchiveOpen, setArchiveOpen] = useState(false);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const stored = !discount
    ? 'new'
    : discount.state === 'draft'
      ? 'draft'
      : discount.state === 'disabled'
        ? 'disabled'
        : 'enabled';
  const list = withShopId('/reductions', shop._id);

  async function run(action: Action, values: TDiscountInput) {
    setBusy(action);
    try {
      const body = { ...values, shopId: shop._id, draft: action === 'draft' };
      if (!discount) {
        const saved = await create(body).unwrap();
        toaster.create({
          title: action === 'draft' ? 'Brouillon enregistré' : 'Réduction créée',
          type: 'success',
          duration: 2500,
        });
        await router.replace(withShopId(`/reductions/${saved.id}`, shop._id));
        return;
      }
      let saved = await update({ ...body, id: discount.id }).unwrap();
      if (action === 'disable' || (action === 'activate' && saved.state === 'disabled'))
        saved = await setEnabled({
          shopId: shop._id,
          id: discount.id,
          enabled: action === 'activate',
        }).unwrap();
      form.reset(formFromDiscount(saved, currency, timeZone));
      const titles: Record<Action, string> = {
        draft: 'Brouillon enregistré',
        activate: 'Réduction activée',
        save: 'Réduction enregistrée',
        disable: 'Réduction désactivée',
      };
      toaster.create({ title: titles[action], type: 'success', duration: 2500 });
    } catch (error) {
      showServerError(form.setError, error);
    } finally {
      setBusy(null);
    }
  }

  function refused() {
    toaster.create({ title: 'Certaines informations sont invalides.', type: 'error', duration: 3000 });
  }
  const submit = (action: Action) => form.handleSubmit((values) => run(action, values), refused);
  const primary: Action = stored === 'enabled' ? 'save' : stored === 'disabled' ? 'save' : 'activate';

  async function copy() {
    if (!discount) return;
    try {
      const saved = await duplicate({ shopId: shop._id, id: discount.id }).unwrap();
      toaster.create({ title: 'Copie créée en brouillon', type: 'success', duration: 2500 });
      await router.push(withShopId(`/reductions/${saved.id}`, shop._id));
    } catch (error) {
      showServerError(form.setError, error);
    }
  }

  async function archiveIt() {
    if (!discount) return;
    try {
      await archive({ shopId: shop._id, id: discount.id }).unwrap();
      setArchiveOpen(false);
      toaster.create({ title: 'Réduction archivée', type: 'success', duration: 2500 });
      await router.push(list);
    } catch (error) {
      setArchiveOpen(false);
      showServerError(form.setError, error);
    }
  }

  const button = (action: Action, label: string, variant: 'solid' | 'outline' = 'outline') => (
    <Button
      type={action === primary ? 'submit' : 'button'}
      colorPalette={variant === 'solid' ? 'brand' : undefined}
      variant={variant}
      loading={busy === action}
      loadingText="Enregistrement…"
      disabled={busy !== null && busy !== action}
      onClick={action === primary ? undefined : () => void submit(action)()}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="5" maxW="5xl">
      <Stack gap="1">
        <Button asChild variant="ghost" size="xs" alignSelf="flex-start" px="0">
          <PageLink href={list}>
            <LuArrowLeft /> Réductions
          </PageLink>
        </Button>
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <HStack gap="3" flexWrap="wrap" minW="0">
            <Heading as="h1" size="2xl" wordBreak="break-word">
              {discount ? discount.name : 'Nouvelle réduction'}
            </Heading>
            {discount ? <StateBadge state={discount.state} archived={discount.archived} /> : null}
          </HStack>
          {discount ? (
            <HStack gap="2" flexWrap="wrap">
              <Button
                size="sm"
                variant="outline"
                onClick={() => void copy()}
                loading={duplicateState.isLoading}
              >
                <LuCopy /> Dupliquer
              </Button>
              {!discount.archived ? (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setArchiveOpen(true)}>
                  <LuArchive /> Archiver
                </Button>
              ) : null}
            </HStack>
          ) : null}
        </HStack>
        {discount?.usage ? (
          <Text fontSize="sm" color="fg.muted" data-testid="discount-usage">
            {usageText(discount.usage, currency)}
          </Text>
        ) : null}
      </Stack>

      {discount?.archived ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            Cette réduction est archivée : elle ne s’applique plus. Dupliquez-la pour la reprendre.
          </Alert.Title>
        </Alert.Root>
      ) : null}

      <FormProvider {...form}>
        <form onSubmit={submit(primary)} noValidate aria-label="Réduction">
          <Stack gap="5">
            <FormErrorAlert message={form.formState.errors.root?.server?.message} />
            <Summary control={form.control} rules={rules} currency={currency} timeZone={timeZone} />
            <IdentitySection />
            <ValueSection shopId={shop._id} currency={currency} />
            <ConditionsSection shopId={shop._id} currency={currency} timeZone={timeZone} />
            <LimitsSection currency={currency} kind={kind} />
            <CombinationsSection />
            {discount?.archived ? null : (
              <HStack gap="3" flexWrap="wrap" data-testid="discount-actions">
                {stored === 'new' || stored === 'draft' ? (
                  <>
                    {button('activate', 'Activer', 'solid')}
                    {button('draft', 'Enregistrer comme brouillon')}
                  </>
                ) : stored === 'enabled' ? (
                  <>
                    {button('save', 'Enregistrer', 'solid')}
                    {button('disable', 'Désactiver')}
                  </>
                ) : (
                  <>
                    {button('save', 'Enregistrer', 'solid')}
                    {button('activate', 'Activer')}
                  </>
                )}
              </HStack>
            )}
          </Stack>
        </form>
      </FormProvider>

      {discount && discount.kind === 'code' && !discount.archived ? (
        <DiscountCodesCard
          shopId={shop._id}
          discountId={discount.id}
          generatedCodes={discount.generatedCodes}
        />
      ) : null}

      <ConfirmDialog
        isOpen={isArchiveOpen}
        onClose={() => setArchiveOpen(false)}
        onConfirm={() => void archiveIt()}
        title="Archiver la réduction"
        confirmLabel="Archiver"
        isLoading={archiveState.isLoading}
        loadingText="Archivage…"
      >
        {`«\u00a0${discount?.name ?? ''}\u00a0» ne s’appliquera plus et quittera la liste. Ses chiffres restent dans les commandes passées.`}
      </ConfirmDialog>
    </Stack>
  );
}

function ExistingDiscount({ shop, id }: { shop: Shop; id: string }) {
  const discount = useGetDiscountQuery({ shopId: shop._id, id });
  if (discount.isLoading) return <Skeleton h="96" />;
  if (!discount.data) return <Text color="fg.error">Cette réduction est introuvable.</Text>;
  // A new key after a save that changed it elsewhere (duplicate, archive) starts the form afresh.
  return (
    <Editor key={`${discount.data.id}-${discount.data.archived}`} shop={shop} discount={discount.data} />
  );
}

/** /reductions/nouvelle and /reductions/[discountId]. */
export function DiscountEditorScreen() {
  const router = useRouter();
  const id = typeof router.query.discountId === 'string' ? router.query.discountId : null;
  return (
    <AppShell capability="discounts:manage">
      {({ shop }) =>
        !shop ? null : id ? <ExistingDiscount shop={shop} id={id} /> : <Editor shop={shop} discount={null} />
      }
    </AppShell>
  );
}
