import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { refreshApprovers } from '../offline/catalogue';
import { useSetPinMutation } from '../pos.api';
import { useTill } from '../till/TillProvider';
import { TillDialog } from './TillDialog';

/** An admin's or supervisor's own PIN, typed at a cashier's till to approve a refund or a big discount. */
export function SetPinDialog({ onClose }: { onClose: () => void }) {
  const { shopId, syncState } = useTill();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [setPinOnServer, { isLoading }] = useSetPinMutation();
  async function save() {
    setError(null);
    if (!/^\d{4,6}$/.test(pin)) return setError('Le code PIN a 4 à 6 chiffres.');
    if (pin !== confirm) return setError('Les deux codes ne sont pas identiques.');
    const result = await setPinOnServer({ shopId, pin });
    if ('error' in result)
      return setError(
        result.error instanceof ApiError ? result.error.message : 'Le code PIN n’a pas été enregistré.',
      );
    await refreshApprovers(shopId).catch(() => undefined);
    toaster.create({ title: 'Code PIN enregistré.', type: 'success', duration: 3500 });
    onClose();
  }
  const pinInput = (label: string, value: string, onChange: (v: string) => void) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        size="lg"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      />
    </Field.Root>
  );
  return (
    <TillDialog
      isOpen
      onClose={onClose}
      title="Mon code PIN"
      size="sm"
      footer={
        <Button
          colorPalette="brand"
          onClick={() => void save()}
          loading={isLoading}
          loadingText="Enregistrement…"
          disabled={!syncState.isOnline}
        >
          Enregistrer
        </Button>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Ce code approuve les remboursements et les grosses remises aux caisses de la boutique, même sans
          réseau.
        </Text>
        {pinInput('Nouveau code PIN (4 à 6 chiffres)', pin, setPin)}
        {pinInput('Confirmez le code PIN', confirm, setConfirm)}
        {!syncState.isOnline ? <Text color="fg.muted">Connexion au réseau nécessaire.</Text> : null}
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>
    </TillDialog>
  );
}
