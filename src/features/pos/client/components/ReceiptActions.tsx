import { Button, HStack, SegmentGroup, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageSquare, LuPrinter } from 'react-icons/lu';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import { useSendReceiptMutation } from '../pos.api';
import type { TillContext } from '../offline/types';
import { useTill } from '../till/TillProvider';
import type { PaperWidth } from './print';
import { printWithChakra } from './print-with-chakra';
import { Receipt, type ReceiptData } from './Receipt';
import { usePaperWidth } from './use-paper-width';

/** Print (58 or 80 mm) and, for a client with a phone, send by SMS once the server has the sale. */
export function ReceiptActions(props: { data: ReceiptData; context: TillContext; orderId: string | null }) {
  const { shopId, syncState } = useTill();
  const [width, setWidth] = usePaperWidth();
  const [isPrinting, setPrinting] = useState(false);
  const [sendReceipt, { isLoading: isSending }] = useSendReceiptMutation();
  const phone = props.data.client?.phone ?? null;

  async function print() {
    setPrinting(true);
    await printWithChakra(<Receipt data={props.data} context={props.context} />, width);
    setPrinting(false);
  }

  async function sms() {
    if (!props.orderId) return;
    const result = await sendReceipt({ shopId, orderId: props.orderId, ...(phone ? { phone } : {}) });
    if ('error' in result) {
      const message =
        result.error instanceof ApiError ? result.error.message : 'Le SMS n’a pas pu être envoyé.';
      toaster.create({ title: message, type: 'error', duration: 6000 });
    } else toaster.create({ title: 'Reçu envoyé par SMS.', type: 'success', duration: 3500 });
  }

  return (
    <HStack gap="2" wrap="wrap" w="full">
      <SegmentGroup.Root
        size="sm"
        value={String(width)}
        onValueChange={(e) => e.value && setWidth(Number(e.value) as PaperWidth)}
        aria-label="Largeur du papier"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: '58', label: '58 mm' },
            { value: '80', label: '80 mm' },
          ]}
        />
      </SegmentGroup.Root>
      <Button
        onClick={() => void print()}
        loading={isPrinting}
        loadingText="Impression…"
        data-testid="print-receipt"
      >
        <LuPrinter /> Imprimer
      </Button>
      {phone ? (
        <Button
          variant="outline"
          onClick={() => void sms()}
          loading={isSending}
          loadingText="Envoi…"
          disabled={!props.orderId || !syncState.isOnline}
        >
          <LuMessageSquare /> Envoyer par SMS
        </Button>
      ) : null}
      {phone && !props.orderId ? (
        <Text fontSize="xs" color="fg.muted">
          L’envoi par SMS sera possible une fois la vente synchronisée.
        </Text>
      ) : null}
    </HStack>
  );
}
