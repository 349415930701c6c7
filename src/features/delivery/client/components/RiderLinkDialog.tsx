import { copyText, COPY_FAILED } from '@/client/copy-text';
import { Button, CloseButton, Code, Dialog, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { LuCopy, LuLink, LuMessageCircle, LuSend, LuShieldOff } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { formatDateTime } from '@/shared/dates';
import { frenchTypography as fr } from '@/shared/typography';
import {
  useCreateRiderLinkMutation,
  useGetRiderLinkQuery,
  useRevokeRiderLinkMutation,
  useSendRiderLinkMutation,
  type Rider,
} from '../delivery.api';
import { whatsappUrl } from '@/shared/whatsapp';

function failed(caught: unknown, fallback: string) {
  toaster.create({ type: 'error', title: caught instanceof ApiError ? caught.message : fallback });
}

/**
 * A rider's link: their page of the day, with no account and nothing to install. Made, sent by
 * WhatsApp (free) or SMS (counted), replaced (the old one stops at once) or revoked.
 */
export function RiderLinkDialog(props: { shopId: string; rider: Rider; onClose: () => void }) {
  const ref = { shopId: props.shopId, riderId: props.rider.id };
  const { data, isLoading } = useGetRiderLinkQuery(ref);
  const [create, creating] = useCreateRiderLinkMutation();
  const [revoke, revoking] = useRevokeRiderLinkMutation();
  const [send, sending] = useSendRiderLinkMutation();
  const url = data?.url ?? null;
  const message = url ? fr(`Bonjour ${props.rider.name}, voici vos livraisons du jour : ${url}`) : '';

  async function make() {
    try {
      await create(ref).unwrap();
      toaster.create({
        type: 'success',
        title: url ? 'Nouveau lien créé : l’ancien ne marche plus' : 'Lien créé',
      });
    } catch (caught) {
      failed(caught, 'Le lien n’a pas pu être créé.');
    }
  }
  async function cut() {
    try {
      await revoke(ref).unwrap();
      toaster.create({ type: 'success', title: 'Lien révoqué : il ne marche plus' });
    } catch (caught) {
      failed(caught, 'Le lien n’a pas pu être révoqué.');
    }
  }
  async function text() {
    try {
      await send(ref).unwrap();
      toaster.create({ type: 'success', title: fr(`Lien envoyé par SMS à ${props.rider.name}`) });
    } catch (caught) {
      failed(caught, 'Le SMS n’a pas pu être envoyé.');
    }
  }
  async function copy() {
    if (!url) return;
    toaster.create(
      (await copyText(url))
        ? { type: 'success', title: 'Lien copié', duration: 2500 }
        : // Nothing copied: the link stays shown above, to be long-pressed.
          { type: 'warning', title: COPY_FAILED, duration: 5000 },
    );
  }

  return (
    <Dialog.Root lazyMount open onOpenChange={(e) => !e.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={{ base: '90%', md: '480px' }} maxW={{ base: '90%', md: '480px' }}>
            <Dialog.Header>
              <Dialog.Title>Lien de {props.rider.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" aria-busy={isLoading}>
                <Text fontSize="sm" color="fg.muted">
                  Sur ce lien, le livreur voit ses livraisons en cours (adresse, téléphone du client, montant
                  à encaisser) et les marque livrées, refusées ou reportées. Il n’a ni compte ni application.
                </Text>
                {url ? (
                  <>
                    <Code p="2" wordBreak="break-all" data-testid="rider-link">
                      {url}
                    </Code>
                    <Text fontSize="xs" color="fg.muted">
                      Créé le {formatDateTime(data!.createdAt!)}
                    </Text>
                    <HStack gap="2" flexWrap="wrap">
                      <Button size="sm" variant="outline" onClick={() => void copy()}>
                        <LuCopy /> Copier
                      </Button>
                      <Button size="sm" variant="outline" asChild>
                        <Link href={whatsappUrl(props.rider.phone, message)} target="_blank" rel="noreferrer">
                          <LuMessageCircle /> WhatsApp
                        </Link>
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        loading={sending.isLoading}
                        onClick={() => void text()}
                      >
                        <LuSend /> SMS
                      </Button>
                    </HStack>
                    <HStack gap="2" flexWrap="wrap">
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={creating.isLoading}
                        onClick={() => void make()}
                      >
                        <LuLink /> Nouveau lien
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        loading={revoking.isLoading}
                        onClick={() => void cut()}
                      >
                        <LuShieldOff /> Révoquer
                      </Button>
                    </HStack>
                  </>
                ) : !isLoading ? (
                  <Button colorPalette="brand" loading={creating.isLoading} onClick={() => void make()}>
                    <LuLink /> Créer le lien
                  </Button>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                Fermer
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
