import { copyText, COPY_FAILED } from '@/client/copy-text';
import { Button, CloseButton, Dialog, HStack, Input, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCopy, LuMessageCircle } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { toaster } from '@/client/shell/toaster';
import { formatMoney } from '@/shared/money';
import { useGetOrderPaymentLinkMutation, usePaymentLinkSharedMutation, type Order } from '../order.api';
import { whatsappUrl } from '@/shared/whatsapp';

/**
 * « Lien de paiement »: the order's public link, to copy or send on WhatsApp. The customer pays
 * what is due online (mobile money or card); the payment lands on the order and the shop balance.
 */
export function PaymentLinkDialog(props: {
  shopId: string;
  shopName: string;
  currency: string;
  order: Order;
  onClose: () => void;
}) {
  const { order } = props;
  const [getLink, { data, isLoading, error }] = useGetOrderPaymentLinkMutation();
  const [noteShared] = usePaymentLinkSharedMutation();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Opening the dialog only fetches the link: the timeline notes a share when one happens.
  useEffect(() => {
    void getLink({ shopId: props.shopId, orderId: order.id });
  }, [getLink, props.shopId, order.id]);
  const shared = (via: 'copy' | 'whatsapp') =>
    void noteShared({ shopId: props.shopId, orderId: order.id, via });

  const due = formatMoney(order.total - order.paidAmount, props.currency);
  const greeting = order.clientName ? `Bonjour ${order.clientName}, voici` : 'Bonjour, voici';
  const message = data
    ? `${greeting} le lien pour payer votre commande #${order.number} chez ${props.shopName} (${due}) : ${data.url}`
    : '';

  async function copy() {
    if (!data) return;
    if (!(await copyText(data.url))) {
      // Nothing copied: the link selected, so a long-press copies it.
      input.current?.select();
      toaster.create({ title: COPY_FAILED, type: 'warning', duration: 5000 });
      return;
    }
    setCopied(true);
    shared('copy');
    toaster.create({ title: 'Lien copié', type: 'success', duration: 2000 });
  }

  return (
    <Dialog.Root lazyMount open onOpenChange={(e) => !e.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={{ base: '90%', md: '480px' }} maxW={{ base: '90%', md: '480px' }}>
            <Dialog.Header>
              <Dialog.Title>Lien de paiement</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  Envoyez ce lien à votre client : il paie en ligne le reste dû ({due}) par Orange Money,
                  Wave, MTN MoMo, Moov Money ou carte. Le paiement s’ajoute à la commande et à votre solde.
                </Text>
                <FormErrorAlert message={error instanceof ApiError ? error.message : null} />
                {isLoading || (!data && !error) ? (
                  <Skeleton h="10" />
                ) : data ? (
                  <Input
                    ref={input}
                    readOnly
                    value={data.url}
                    aria-label="Lien de paiement"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" flexWrap="wrap" justify="flex-end">
                <Button variant="outline" onClick={() => void copy()} disabled={!data}>
                  <LuCopy /> {copied ? 'Copié' : 'Copier le lien'}
                </Button>
                <Button asChild colorPalette="green" disabled={!data}>
                  <a
                    href={data ? whatsappUrl(order.clientPhone, message) : undefined}
                    target="_blank"
                    rel="noreferrer"
                    onClick={() => {
                      if (data) shared('whatsapp');
                    }}
                  >
                    <LuMessageCircle /> Envoyer sur WhatsApp
                  </a>
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
