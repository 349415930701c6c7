import { Button, Card, Field, FieldTextInput, HStack, InputGroup, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { stackCapPercentError } from '../../discount.constants';
import { useSaveDiscountSettingsMutation } from '../discount.api';
import { percentageText } from '../discount-text';

/** « 12,5 » or « 12.5 % » → 12.5; null when it is not a number. */
export function readCapPercent(text: string): number | null {
  const cleaned = text.replace(/[\s\u202f\u00a0%]/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * « Règles de cumul », for the admin: the most that stacked discounts may take off the goods
 * (contract §4, `POST /api/discount/settings`).
 */
export function StackingRulesCard({ shopId, stackCapPercent }: { shopId: string; stackCapPercent: number }) {
  const [isEditing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [save, saveState] = useSaveDiscountSettingsMutation();
  const { fieldErrors, formError, run } = useServerErrors<'stackCapPercent'>();

  async function submit() {
    // The text read, then the endpoint's own rule (above 0, at most 100, two decimals).
    const cap = readCapPercent(value);
    const message = cap === null ? 'Indiquez un pourcentage.' : stackCapPercentError(cap);
    if (message || cap === null) return setLocalError(message);
    setLocalError(null);
    const ok = await run(() => save({ shopId, stackCapPercent: cap }).unwrap());
    if (ok) {
      setEditing(false);
      toaster.create({ title: 'Règles de cumul enregistrées', type: 'success', duration: 2500 });
    }
  }

  const error = localError ?? fieldErrors.stackCapPercent;
  return (
    <Card.Root size="sm" data-testid="stacking-rules">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          Règles de cumul
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {isEditing ? (
          <form
            noValidate
            aria-label="Règles de cumul"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="3">
              <FormErrorAlert message={error ? null : formError} />
              <Field.Root invalid={!!error}>
                <Field.Label>Plafond des réductions cumulées (% du montant des articles)</Field.Label>
                <InputGroup endElement="%" maxW="40">
                  <FieldTextInput
                    inputMode="decimal"
                    value={value}
                    onChange={(e) => setValue(e.currentTarget.value)}
                    autoFocus
                  />
                </InputGroup>
                {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
              </Field.Root>
              <HStack gap="2">
                <Button type="submit" size="sm" colorPalette="brand" loading={saveState.isLoading}>
                  Enregistrer
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                  Annuler
                </Button>
              </HStack>
            </Stack>
          </form>
        ) : (
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Text fontSize="sm" data-testid="stack-cap">
              {`Plafond des réductions cumulées\u00a0: ${percentageText(stackCapPercent)} du montant des articles`}
            </Text>
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                setValue(String(stackCapPercent).replace('.', ','));
                setLocalError(null);
                setEditing(true);
              }}
            >
              Modifier
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
