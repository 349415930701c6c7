import { Alert, Box, Button, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import type { TOrder } from '@/features/order/order.dto-schemas';
import { useGetPosOrderQuery } from '../pos.api';
import type { LocalSale } from '../offline/types';
import { Receipt, receiptFromSale, type ReceiptData } from '../components/Receipt';
import { ReceiptActions } from '../components/ReceiptActions';
import { useRefundForm } from '../components/RefundDialog';
import {
  receiptFromOrder,
  sourceFromLocalSale,
  sourceFromOrder,
  type RefundSource,
} from '../components/refund-source';
import { TillDialog } from '../components/TillDialog';
import { useTill } from '../till/TillProvider';

interface DetailProps {
  local: LocalSale | null;
  order: TOrder | undefined;
  orderId: string | null;
  receipt: ReceiptData;
  source: RefundSource;
  onClose: () => void;
  onExchange: (client: LocalSale['client']) => void;
}

/** The receipt, or in its place (same dialog) the refund form. */
function SaleDetail(props: DetailProps) {
  const { context } = useTill();
  const { local, source, receipt } = props;
  const [isRefunding, setRefunding] = useState(false);
  const refund = useRefundForm({
    source,
    onCancel: () => setRefunding(false),
    onDone: (isExchange) => {
      props.onClose();
      if (isExchange)
        props.onExchange(
          local?.client ??
            (source.client ? { id: props.order?.clientId ?? null, opId: null, ...source.client } : null),
        );
    },
  });
  const canRefund = source.lines.some((l) => l.refundable > 0) && local?.status !== 'rejected';

  return (
    <TillDialog
      isOpen
      onClose={props.onClose}
      title={isRefunding ? refund.title : receipt.numberLabel}
      size={isRefunding ? 'lg' : 'md'}
      footer={
        isRefunding ? (
          refund.footer
        ) : (
          <Stack w="full" gap="3">
            <ReceiptActions data={receipt} context={context} orderId={props.orderId} />
            <HStack justify="space-between">
              <Button variant="outline" onClick={props.onClose}>
                Fermer
              </Button>
              <Button
                colorPalette="red"
                variant="outline"
                onClick={() => setRefunding(true)}
                disabled={!canRefund}
                data-testid="refund-sale"
              >
                <LuUndo2 /> Rembourser ou échanger
              </Button>
            </HStack>
          </Stack>
        )
      }
    >
      {isRefunding ? (
        refund.body
      ) : (
        <>
          {local?.status === 'rejected' ? (
            <Alert.Root status="error" mb="3">
              <Alert.Indicator />
              <Alert.Title>{fr(`Vente refusée par le serveur : ${local.error}`)}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Box maxW="80mm" mx="auto" borderWidth="1px" shadow="sm">
            <Receipt data={receipt} context={context} />
          </Box>
        </>
      )}
    </TillDialog>
  );
}

/**
 * One past sale: its receipt to reprint or send, and its refund. A sale this tablet made shows at
 * once, even offline; online, the server's order adds what others did to it since.
 */
export function SaleDetailDialog(props: {
  localSale: LocalSale | null;
  orderId: string | null;
  onClose: () => void;
  onExchange: (client: LocalSale['client']) => void;
}) {
  const { shopId, syncState, till } = useTill();
  const orderId = props.orderId ?? props.localSale?.orderId ?? null;
  const {
    data: order,
    isFetching,
    error,
  } = useGetPosOrderQuery({ shopId, orderId: orderId ?? '' }, { skip: !orderId || !syncState.isOnline });
  const local = props.localSale;
  const receipt = order
    ? receiptFromOrder(order, local, till?.name ?? '')
    : local
      ? receiptFromSale(local)
      : null;
  const source = order ? sourceFromOrder(order, local) : local ? sourceFromLocalSale(local) : null;
  if (receipt && source)
    return (
      <SaleDetail
        local={local}
        order={order}
        orderId={orderId}
        receipt={receipt}
        source={source}
        onClose={props.onClose}
        onExchange={props.onExchange}
      />
    );
  return (
    <TillDialog isOpen onClose={props.onClose} title="Vente">
      {isFetching ? (
        <Spinner />
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{error ? 'Vente indisponible hors connexion.' : 'Vente introuvable.'}</Alert.Title>
        </Alert.Root>
      )}
    </TillDialog>
  );
}
