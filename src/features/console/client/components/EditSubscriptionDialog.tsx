import { Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { FormDialog } from '@/client/components/FormDialog';
import { SelectField, TextField, useServerErrors } from '@/client/components/form';
import { dayjs } from '@/shared/dayjs';
import { PLAN_IDS, PLANS, type PlanId } from '@/shared/plans';
import { useUpdateShopSubscriptionMutation, type ConsoleShop } from '../console.api';

type Fields = 'subscriptionPlan' | 'shopExpiresAt' | 'freeTrialExpiresAt';

/** datetime-local shows and takes the operator's own clock; the API takes ISO instants. */
const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

export function EditSubscriptionDialog({ shop, onClose }: { shop: ConsoleShop; onClose: () => void }) {
  const [values, setValues] = useState({
    subscriptionPlan: shop.subscriptionPlan as PlanId,
    shopExpiresAt: toLocalInput(shop.shopExpiresAt),
    freeTrialExpiresAt: toLocalInput(shop.freeTrialExpiresAt),
  });
  const { fieldErrors, formError, run } = useServerErrors<Fields>();
  const [save, { isLoading }] = useUpdateShopSubscriptionMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ok = await run(() =>
      save({
        shopId: shop._id,
        subscriptionPlan: values.subscriptionPlan,
        shopExpiresAt: toIso(values.shopExpiresAt),
        freeTrialExpiresAt: toIso(values.freeTrialExpiresAt),
      }).unwrap(),
    );
    if (ok) onClose();
  }

  const set = (key: Fields) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <FormDialog
      isOpen
      onClose={onClose}
      onSubmit={onSubmit}
      title={`Offre de ${shop.name}`}
      formLabel="Modifier l’offre"
      submitLabel="Enregistrer"
      loadingText="Enregistrement…"
      isLoading={isLoading}
      width="440px"
    >
      <Stack gap="4">
        <FormErrorAlert message={formError} />
        <SelectField
          label="Forfait"
          name="subscriptionPlan"
          value={values.subscriptionPlan}
          onChange={set('subscriptionPlan')}
          error={fieldErrors.subscriptionPlan}
          options={PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].label }))}
        />
        <TextField
          label="Fin d’abonnement"
          name="shopExpiresAt"
          type="datetime-local"
          value={values.shopExpiresAt}
          onChange={set('shopExpiresAt')}
          error={fieldErrors.shopExpiresAt}
          helper="Obligatoire pour un forfait payant."
        />
        <TextField
          label="Fin d’essai"
          name="freeTrialExpiresAt"
          type="datetime-local"
          value={values.freeTrialExpiresAt}
          onChange={set('freeTrialExpiresAt')}
          error={fieldErrors.freeTrialExpiresAt}
        />
      </Stack>
    </FormDialog>
  );
}
