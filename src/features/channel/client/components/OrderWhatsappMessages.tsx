import { Button, HStack, NativeSelect, Stack, Text } from '@/client/ui';
import { useEffect, useRef, useState } from 'react';
import { LuMessageCircle, LuSend } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import type { MessageTemplateKey } from '../../channel.constants';
import { useOrderMessagesQuery, useSendOrderMessageMutation } from '../channel.api';

/**
 * An order's status messages for its client (confirmation, paiement reçu, en livraison with the
 * tracking link, livrée), in the shop's wording: one tap opens WhatsApp with the message ready,
 * or sends it when the server has the WhatsApp Cloud API.
 */
export function OrderWhatsappMessages({
  shopId,
  orderId,
  status,
}: {
  shopId: string;
  orderId: string;
  /** Refetched when it moves: « En livraison » brings the tracking link. */
  status: string;
}) {
  const { data, refetch } = useOrderMessagesQuery({ shopId, orderId });
  const [send, { isLoading }] = useSendOrderMessageMutation();
  const [key, setKey] = useState<MessageTemplateKey | null>(null);
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === status) return;
    seen.current = status;
    void refetch();
    setKey(null);
  }, [status, refetch]);
  if (!data) return null;
  if (!data.phone)
    return (
      <Text fontSize="sm" color="fg.muted">
        Pas de numéro de client : aucun message WhatsApp possible.
      </Text>
    );
  const chosen = data.items.find((m) => m.key === (key ?? data.suggested))!;
  return (
    <Stack gap="2" data-testid="order-wa-messages">
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label="Message WhatsApp au client"
          value={chosen.key}
          onChange={(e) => setKey(e.currentTarget.value as MessageTemplateKey)}
        >
          {data.items.map((m) => (
            <option key={m.key} value={m.key}>
              {m.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
        {chosen.text}
      </Text>
      <HStack gap="2" flexWrap="wrap">
        {chosen.waUrl ? (
          <Button asChild size="sm" colorPalette="green" bg="green.700" _hover={{ bg: 'green.800' }}>
            <a href={chosen.waUrl} target="_blank" rel="noopener noreferrer">
              <LuMessageCircle /> Ouvrir dans WhatsApp
            </a>
          </Button>
        ) : null}
        {data.canSendDirectly ? (
          <Button
            size="sm"
            variant="outline"
            loading={isLoading}
            onClick={async () => {
              try {
                await send({ shopId, orderId, template: chosen.key }).unwrap();
                toaster.create({ type: 'success', title: 'Message WhatsApp envoyé.' });
              } catch (error) {
                toaster.create({
                  type: 'error',
                  title: error instanceof ApiError ? error.message : 'Le message n’est pas parti. Réessayez.',
                });
              }
            }}
          >
            <LuSend /> Envoyer
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
