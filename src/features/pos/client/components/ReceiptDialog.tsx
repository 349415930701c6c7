import { Box, Button, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { openPosDb } from '../offline/db';
import type { LocalSale } from '../offline/types';
import { useTill } from '../till/TillProvider';
import { Receipt, receiptFromSale } from './Receipt';
import { ReceiptActions } from './ReceiptActions';
import { TillDialog } from './TillDialog';

/** After the sale: its receipt, which takes the order number as soon as the server gives it. */
export function ReceiptDialog(props: { sale: LocalSale | null; onClose: () => void }) {
  const { context, salesVersion, money } = useTill();
  const [sale, setSale] = useState(props.sale);
  useEffect(() => {
    if (!props.sale) return;
    let isCancelled = false;
    void openPosDb()
      .then((db) => db.get('sales', props.sale!.opId))
      .then((fresh) => {
        if (!isCancelled) setSale(fresh ?? props.sale);
      });
    return () => {
      isCancelled = true;
    };
  }, [props.sale, salesVersion]);
  const current = sale ?? props.sale;
  if (!current) return null;
  const data = receiptFromSale(current);
  return (
    <TillDialog
      isOpen
      onClose={props.onClose}
      title={
        current.change > 0 ? `Vente enregistrée · à rendre ${money(current.change)}` : 'Vente enregistrée'
      }
      footer={
        <Stack w="full" gap="3">
          <ReceiptActions data={data} context={context} orderId={current.orderId} />
          <Button colorPalette="brand" size="xl" onClick={props.onClose} data-testid="new-sale">
            Nouvelle vente
          </Button>
        </Stack>
      }
    >
      <Box maxW="80mm" mx="auto" borderWidth="1px" shadow="sm">
        <Receipt data={data} context={context} />
      </Box>
    </TillDialog>
  );
}
