import { Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHistory } from 'react-icons/lu';
import { formatDateTime } from '@/shared/dates';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import { BuilderDialog } from './BuilderDialog';
import { useListVersionsQuery, useRestoreVersionMutation, type Design } from './site-builder.api';

/** « Historique »: every published version, newest first; one brought back is published again. */
export function HistoryDialog(props: {
  shopId: string;
  timeZone: string;
  hasUnpublishedChanges: boolean;
  onRestored: (design: Design) => void;
}) {
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useListVersionsQuery({ shopId: props.shopId }, { skip: !open });
  const [restore, restoring] = useRestoreVersionMutation();
  const [pending, setPending] = useState<number | null>(null);
  async function bringBack(number: number) {
    setPending(number);
    try {
      const design = await restore({ shopId: props.shopId, number }).unwrap();
      props.onRestored(design);
      toaster.create({
        type: 'success',
        title: `Version ${number} republiée`,
        description: 'Vos visiteurs la voient dès maintenant.',
      });
      setOpen(false);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      toaster.create({
        type: 'error',
        title: 'Cette version ne peut pas être republiée',
        description: Object.values(apiError?.details ?? {})[0] ?? apiError?.message ?? 'Réessayez.',
      });
    } finally {
      setPending(null);
    }
  }
  return (
    <BuilderDialog
      open={open}
      onOpenChange={setOpen}
      size="md"
      title="Historique des publications"
      trigger={
        <Button variant="outline" size="sm">
          <LuHistory /> Historique
        </Button>
      }
    >
      {isLoading ? <Spinner /> : null}
      {data && data.items.length === 0 ? <Text color="fg.muted">Rien n’a encore été publié.</Text> : null}
      {props.hasUnpublishedChanges && data?.items.length ? (
        <Text fontSize="sm" color="fg.warning" mb="3">
          Republier une version abandonne vos modifications non publiées.
        </Text>
      ) : null}
      <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
        {data?.items.map((v) => (
          <HStack
            as="li"
            key={v.number}
            justify="space-between"
            borderWidth="1px"
            rounded="md"
            p="3"
            gap="3"
            flexWrap="wrap"
          >
            <Stack gap="0" minW="0">
              <HStack gap="2">
                <Text fontWeight="semibold">Version {v.number}</Text>
                {v.isLive ? <Badge colorPalette="green">En ligne</Badge> : null}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(v.publishedAt, props.timeZone)}
                {v.publishedBy ? ` · ${v.publishedBy}` : ''}
                {v.restoredFromNumber ? ` · reprise de la version ${v.restoredFromNumber}` : ''}
              </Text>
            </Stack>
            {v.isLive ? null : (
              <Button
                size="sm"
                variant="outline"
                loading={restoring.isLoading && pending === v.number}
                onClick={() => void bringBack(v.number)}
              >
                Restaurer
              </Button>
            )}
          </HStack>
        ))}
      </Stack>
    </BuilderDialog>
  );
}
