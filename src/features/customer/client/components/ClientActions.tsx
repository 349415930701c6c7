import { Button, HStack, Stack, Text, Textarea } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { LuFileText, LuMessageSquare, LuMerge, LuStickyNote } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { FirstOpened } from '@/client/components/FirstOpened';
import { FormDialog } from '@/client/components/FormDialog';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { withShopId } from '@/shared/navigation';
import { frenchTypography as fr } from '@/shared/typography';
import type { ClientDetail } from '../customer.api';
import { useSendClientReminderMutation } from '../client-actions.api';
import { useAddClientNoteMutation } from '../client-import.api';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';

// Still drawn with Chakra: loads with it when first opened.
const MergeClientsDialog = dynamic(() =>
  loadInChakraIsland(import('./MergeClientsDialog').then((m) => m.MergeClientsDialog)),
);

/** What the team does from a client's page besides editing it: note, reminder, relevé, merge. */
export function ClientActions(props: { shopId: string; currency: string; client: ClientDetail }) {
  const { client } = props;
  const router = useRouter();
  const [isNoting, setNoting] = useState(false);
  const [isMerging, setMerging] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [addNote, noting] = useAddClientNoteMutation();
  const [remind, reminding] = useSendClientReminderMutation();

  async function sendReminder() {
    try {
      const sent = await remind({ shopId: props.shopId, clientId: client.id }).unwrap();
      toaster.create({
        type: 'success',
        title: fr(
          `Rappel envoyé au ${formatPhone(sent.phone)} : ardoise de ${formatMoney(sent.balance, props.currency)}.`,
        ),
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'Le rappel n’a pas pu être envoyé. Réessayez.',
      });
    }
  }

  async function saveNote() {
    setNoteError(null);
    try {
      await addNote({ shopId: props.shopId, clientId: client.id, text: note.trim() }).unwrap();
      setNote('');
      setNoting(false);
    } catch (error) {
      setNoteError(error instanceof ApiError ? error.message : 'La note n’a pas pu être enregistrée.');
    }
  }

  return (
    <HStack gap="2" flexWrap="wrap" data-testid="client-actions">
      <Button size="sm" variant="outline" onClick={() => setNoting(true)}>
        <LuStickyNote /> Ajouter une note
      </Button>
      {client.balance > 0 && client.phone ? (
        <Button size="sm" variant="outline" onClick={sendReminder} loading={reminding.isLoading}>
          <LuMessageSquare /> Envoyer un rappel
        </Button>
      ) : null}
      <Button asChild size="sm" variant="outline">
        <PageLink href={withShopId(`/mes-clients/${client.id}/releve`, props.shopId)} target="_blank">
          <LuFileText /> Relevé
        </PageLink>
      </Button>
      <Button size="sm" variant="outline" onClick={() => setMerging(true)}>
        <LuMerge /> Fusionner
      </Button>
      <FormDialog
        isOpen={isNoting}
        onClose={() => setNoting(false)}
        title="Ajouter une note"
        formLabel="Note sur le client"
        submitLabel="Enregistrer"
        loadingText="Enregistrement…"
        isLoading={noting.isLoading}
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim()) void saveNote();
        }}
      >
        <Stack gap="2">
          <Textarea
            aria-label="Note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={4}
            maxLength={2000}
            placeholder="Ce que l’équipe doit savoir de ce client"
          />
          {noteError ? (
            <Text role="alert" color="fg.error" fontSize="sm">
              {noteError}
            </Text>
          ) : null}
        </Stack>
      </FormDialog>
      <FirstOpened isOpen={isMerging}>
        <MergeClientsDialog
          shopId={props.shopId}
          currency={props.currency}
          client={client}
          isOpen={isMerging}
          onClose={() => setMerging(false)}
          onMerged={(answer) => {
            setMerging(false);
            if (answer.client.id !== client.id)
              void router.push(withShopId(`/mes-clients/${answer.client.id}`, props.shopId));
          }}
        />
      </FirstOpened>
    </HStack>
  );
}
