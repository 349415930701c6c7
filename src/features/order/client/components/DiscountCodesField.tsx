import { Button, Field, FieldTextInput, HStack, Stack, Tag, Text } from '@/client/ui';
import { useState, type KeyboardEvent } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LuCheck, LuCircleAlert, LuTicketPercent } from 'react-icons/lu';
import type { OrderFormValues } from '../order-form';
import { addDiscountCode, codeStates } from '../discount-codes';
import { useDraftPricing } from '../use-draft-pricing';

const STATE_COLORS = { applied: 'green', refused: 'red', pending: 'gray' } as const;
const STATE_ICONS = { applied: <LuCheck />, refused: <LuCircleAlert />, pending: <LuTicketPercent /> };
const STATE_TITLES = { applied: 'Code appliqué', refused: 'Code refusé', pending: 'Code saisi' };

/**
 * « Codes promo »: a code typed and applied at once (the engine prices it live), one chip per code
 * with what became of it. A refused code stays until removed, with its reason: it may apply once
 * the cart changes (« Montant minimum »); the form is not sent while one is refused.
 */
export function DiscountCodesField() {
  const { control, setValue, clearErrors } = useFormContext<OrderFormValues>();
  const codes = useWatch({ control, name: 'discountCodes' });
  const { errors } = useFormState({ control, name: 'discountCodes' });
  const { priced } = useDraftPricing();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const states = codeStates(codes, priced);
  const serverError = errors.discountCodes?.message ?? errors.discountCodes?.root?.message;
  const error = inputError ?? serverError;

  function change(next: string[]) {
    setValue('discountCodes', next, { shouldDirty: true });
    clearErrors('discountCodes');
  }

  function apply() {
    const added = addDiscountCode(codes, input);
    if ('error' in added) return setInputError(added.error);
    change(added.codes);
    setInput('');
    setInputError(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter applies the code rather than sending the whole order.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  }

  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Codes promo</Field.Label>
      <HStack w="full" gap="2">
        <FieldTextInput
          flex="1"
          minW="0"
          value={input}
          aria-label="Code promo"
          placeholder="BIENVENUE10"
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(e) => {
            setInput(e.currentTarget.value);
            setInputError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" onClick={apply} flexShrink={0}>
          Appliquer
        </Button>
      </HStack>
      {states.length ? (
        <Stack gap="1.5" w="full" mt="1" data-testid="discount-codes">
          {states.map((s) => (
            <Stack key={s.code} gap="0.5" data-testid="discount-code" data-state={s.state}>
              <Tag.Root
                size="lg"
                colorPalette={STATE_COLORS[s.state]}
                variant="subtle"
                maxW="full"
                alignSelf="flex-start"
                title={STATE_TITLES[s.state]}
              >
                <Tag.StartElement>{STATE_ICONS[s.state]}</Tag.StartElement>
                <Tag.Label>{s.code}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Retirer le code ${s.code}`}
                    onClick={() => change(codes.filter((c) => c !== s.code))}
                  />
                </Tag.EndElement>
              </Tag.Root>
              {s.state === 'refused' ? (
                <Text fontSize="sm" color="fg.error">
                  {s.reason}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
