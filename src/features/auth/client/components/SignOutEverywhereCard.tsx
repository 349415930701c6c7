import { Button, Card, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/client/api/api-error';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { refuseWhileTillUnsynced, signOutHere } from '@/client/session/sign-out';
import { frenchTypography as fr } from '@/shared/typography';
import { signOutEverywhere } from '../auth.client';

/**
 * « Se déconnecter de tous les appareils » (Mon compte): for a lost phone or a shared computer.
 * Every session of the user is revoked on the server, this one included, which then goes to /login.
 */
export function SignOutEverywhereCard() {
  const [isOpen, setOpen] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (await refuseWhileTillUnsynced()) return setOpen(false);
    setLeaving(true);
    setError(null);
    try {
      await signOutEverywhere();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
      setLeaving(false);
      return;
    }
    // This browser's session is revoked already: this clears its cookie and lands on /login.
    await signOutHere();
  }

  return (
    <Card.Root id="appareils">
      <Card.Header>
        <Card.Title as="h2">Appareils connectés</Card.Title>
        <Card.Description>
          {fr(
            'Un téléphone perdu, un ordinateur partagé ? Fermez votre compte partout où il est ouvert, y compris sur cet appareil.',
          )}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack align="start">
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            <LuLogOut /> Se déconnecter de tous les appareils
          </Button>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
        title="Demande de confirmation"
        confirmLabel="Se déconnecter partout"
        isLoading={isLeaving}
        loadingText="Déconnexion…"
      >
        <Stack gap="3">
          <Text>
            {fr(
              'Vous serez déconnecté(e) de tous les appareils où votre compte est ouvert, y compris celui-ci. Pour revenir, il faudra vous reconnecter avec un code reçu par SMS. Continuer ?',
            )}
          </Text>
          <FormErrorAlert message={error} />
        </Stack>
      </ConfirmDialog>
    </Card.Root>
  );
}
