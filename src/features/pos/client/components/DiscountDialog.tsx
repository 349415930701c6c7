import { Button, Field, HStack, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { MAX_AMOUNT, amountLimitMessage } from '@/shared/bounds';
import { frenchTypography as fr } from '@/shared/typography';
import type { CartDiscount } from '../cart/cart-state';
import { DISCOUNT_APPROVAL_PERCENT } from '../pos-constants';
import { MoneyInput } from './MoneyInput';
import { TillDialog } from './TillDialog';

/** A discount on the whole cart, in % or as an amount (a manager approves beyond 20 %). */
export function DiscountDialog(props: {
  isOpen: boolean;
  current: CartDiscount;
  currency: string;
  canApprove: boolean;
  onClose: () => void;
  onApply: (discount: CartDiscount) => void;
}) {
  const [kind, setKind] = useState<'percent' | 'amount'>(props.current?.kind ?? 'percent');
  const [text, setText] = useState(
    props.current
      ? props.current.kind === 'percent'
        ? String(props.current.value)
        : moneyInputValue(props.current.value, props.currency)
      : '',
  );
  const [error, setError] = useState<string | null>(null);
  function apply() {
    if (!text.trim()) return props.onApply(null);
    const value = kind === 'percent' ? Number(text.replace(',', '.')) : parseMoneyInput(text, props.currency);
    if (value === null || !Number.isFinite(value) || value < 0) return setError('Indiquez un nombre.');
    if (kind === 'amount' && value > MAX_AMOUNT) return setError(amountLimitMessage(props.currency));
    if (kind === 'percent' && (value > 100 || !Number.isInteger(value)))
      return setError('Le pourcentage est un nombre entier de 0 à 100.');
    props.onApply(value === 0 ? null : { kind, value });
  }
  return (
    <TillDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title="Remise sur le panier"
      size="sm"
      footer={
        <HStack>
          <Button variant="outline" onClick={() => props.onApply(null)}>
            Sans remise
          </Button>
          <Button colorPalette="brand" onClick={apply}>
            Appliquer
          </Button>
        </HStack>
      }
    >
      <Stack gap="3">
        <SegmentGroup.Root
          value={kind}
          onValueChange={(e) => e.value && setKind(e.value as 'percent' | 'amount')}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'percent', label: 'Pourcentage' },
              { value: 'amount', label: 'Montant' },
            ]}
          />
        </SegmentGroup.Root>
        <Field.Root invalid={!!error}>
          <Field.Label>{kind === 'percent' ? 'Remise en %' : 'Montant de la remise'}</Field.Label>
          {kind === 'percent' ? (
            <MoneyInput label="Remise en %" value={text} onChange={setText} currency="%" autoFocus />
          ) : (
            <MoneyInput
              label="Montant de la remise"
              value={text}
              onChange={setText}
              currency={props.currency}
              autoFocus
            />
          )}
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        {!props.canApprove ? (
          <Text fontSize="sm" color="fg.muted">
            {fr(
              `Au-delà de ${DISCOUNT_APPROVAL_PERCENT} % du panier, un responsable l’approuve avec son code PIN à l’encaissement.`,
            )}
          </Text>
        ) : null}
      </Stack>
    </TillDialog>
  );
}
