import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import { findApproverOfPin } from '../offline/pin';
import type { Approver } from '../offline/types';

/**
 * A manager types their PIN on the cashier's tablet. It is checked here, without network, against
 * the approvers' hashes; the op carries it and the server checks it again.
 */
export function ApprovalField(props: {
  approvers: Approver[];
  reason: string;
  approvedBy: string | null;
  onApproved: (pin: string, name: string) => void;
}) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);

  if (props.approvedBy)
    return (
      <Alert.Root status="success" data-testid="approval-ok">
        <Alert.Indicator>
          <LuShieldCheck />
        </Alert.Indicator>
        <Alert.Title>{fr(`Approuvé par ${props.approvedBy}`)}</Alert.Title>
      </Alert.Root>
    );
  if (props.approvers.length === 0)
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Stack gap="1">
          <Alert.Title>{props.reason}</Alert.Title>
          <Alert.Description>
            {fr(
              'Aucun code PIN de responsable n’est connu de cette tablette. Un administrateur ou un superviseur définit le sien dans le menu du compte de la caisse (« Mon code PIN »), puis la tablette doit se connecter au réseau une fois.',
            )}
          </Alert.Description>
        </Stack>
      </Alert.Root>
    );

  async function check() {
    setError(null);
    if (!/^\d{4,6}$/.test(pin)) return setError('Le code PIN a 4 à 6 chiffres.');
    setChecking(true);
    const approver = await findApproverOfPin(pin, props.approvers);
    setChecking(false);
    if (!approver) return setError('Ce code PIN n’est celui d’aucun administrateur ou superviseur.');
    props.onApproved(pin, approver.name);
  }

  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      _dark={{ bg: 'orange.950' }}
      p="3"
      rounded="md"
    >
      <Text fontWeight="medium">{props.reason}</Text>
      <Field.Root invalid={!!error}>
        <Field.Label>Code PIN d’un responsable</Field.Label>
        <HStack>
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void check();
              }
            }}
            size="lg"
            w="40"
            aria-label="Code PIN d’un responsable"
          />
          <Button onClick={() => void check()} loading={isChecking} loadingText="Vérification…" size="lg">
            Vérifier
          </Button>
        </HStack>
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </Stack>
  );
}
