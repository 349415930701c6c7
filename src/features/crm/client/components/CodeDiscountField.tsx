import { Field, Link, NativeSelect } from '@chakra-ui/react';
import { PageLink } from '@/client/components/PageLink';
import { useCampaignDiscountsQuery } from '../crm.api';

/**
 * The code discount {code} draws from: each recipient gets a single-use code of it. Lists the
 * shop's code discounts still usable; with none, the way to create one.
 */
export function CodeDiscountField(props: {
  shopId: string;
  value: string;
  onChange: (discountId: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const discounts = useCampaignDiscountsQuery(props.shopId);
  const none = discounts.data && discounts.data.items.length === 0;
  return (
    <Field.Root invalid={!!props.error} maxW="md" required disabled={props.disabled}>
      <Field.Label>Réduction des codes</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          bg="bg"
        >
          <option value="">Choisir une réduction par code…</option>
          {(discounts.data?.items ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
      <Field.HelperText>
        {none ? (
          <>
            Aucune réduction par code active.{' '}
            <Link asChild color="brand.fg" textDecoration="underline">
              <PageLink href="/reductions/nouvelle">Créer une réduction</PageLink>
            </Link>
          </>
        ) : (
          'Chaque destinataire reçoit son propre code, utilisable une fois.'
        )}
      </Field.HelperText>
    </Field.Root>
  );
}
