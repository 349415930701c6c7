import { useState } from 'react';
import { frenchTypography as fr } from '@/shared/typography';
import { signOut } from 'next-auth/react';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { writeAccessToken } from '@/client/api/http';
import { metaKey, openPosDb } from '../offline/db';

/** SPEC §2's sign-out confirmation, from the till (asked only once nothing waits to be sent). */
export function SignOutDialog({ onClose }: { onClose: () => void }) {
  const [isLeaving, setLeaving] = useState(false);
  async function leave() {
    setLeaving(true);
    // The next person at this tablet must not sell under this sign-in.
    await openPosDb()
      .then((db) => db.delete('meta', metaKey.identity()))
      .catch(() => undefined);
    writeAccessToken(null);
    await signOut({ callbackUrl: '/login' });
  }
  return (
    <ConfirmDialog
      isOpen
      onClose={onClose}
      onConfirm={() => void leave()}
      title="Demande de confirmation"
      confirmLabel="Se déconnecter"
      isLoading={isLeaving}
    >
      {fr('Êtes-vous sûr(e) de vouloir vous déconnecter ?')}
    </ConfirmDialog>
  );
}
