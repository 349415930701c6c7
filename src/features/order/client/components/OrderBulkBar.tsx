import { Button, HStack, NativeSelect, Text } from '@/client/ui';
import { useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { toaster } from '@/client/shell/toaster';
import { withShopId } from '@/shared/navigation';
import { FULFILMENT_LABELS, FULFILMENT_STATUSES, type FulfilmentStatus } from '../../order.constants';
import { useBulkChangeOrderStatusMutation } from '../order.api';

export type PrintDocument = 'facture' | 'bon-de-livraison';

/** The print page for one or several orders, in a new tab so the list stays as it was. */
export function printUrl(shopId: string, orderIds: string[], document: PrintDocument): string {
  return withShopId(`/mes-commandes/imprimer?document=${document}&ids=${orderIds.join(',')}`, shopId);
}

/** Actions on the selected orders: a status for all (each checked by the server), invoices, slips. */
export function OrderBulkBar(props: {
  shopId: string;
  selected: string[];
  canManage: boolean;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<FulfilmentStatus | ''>('');
  const [apply, { isLoading }] = useBulkChangeOrderStatusMutation();

  async function applyStatus() {
    if (!status) return;
    try {
      const { results } = await apply({ shopId: props.shopId, orderIds: props.selected, status }).unwrap();
      const done = results.filter((r) => r.isDone).length;
      const failed = results.filter((r) => !r.isDone);
      toaster.create({
        type: failed.length ? 'warning' : 'success',
        duration: 5000,
        title: `${done} commande${done > 1 ? 's' : ''} passée${done > 1 ? 's' : ''} à « ${FULFILMENT_LABELS[status]} »`,
        description: failed.length
          ? `${failed.length} non modifiée${failed.length > 1 ? 's' : ''} : ${failed[0]!.error}`
          : undefined,
      });
      if (!failed.length) props.onDone();
    } catch {
      toaster.create({ type: 'error', duration: 3500, title: 'La modification a échoué. Réessayez.' });
    }
  }

  const open = (document: PrintDocument) =>
    window.open(printUrl(props.shopId, props.selected, document), '_blank');
  return (
    <HStack
      gap="3"
      flexWrap="wrap"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
      data-testid="orders-bulk-bar"
    >
      <Text fontSize="sm" fontWeight="semibold">
        {props.selected.length} sélectionnée{props.selected.length > 1 ? 's' : ''}
      </Text>
      {props.canManage ? (
        <HStack gap="2">
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label="Nouveau statut"
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as FulfilmentStatus | '')}
            >
              <option value="">Changer le statut…</option>
              {FULFILMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FULFILMENT_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!status}
            loading={isLoading}
            onClick={() => void applyStatus()}
          >
            Appliquer
          </Button>
        </HStack>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => open('facture')}>
        <LuPrinter /> Factures
      </Button>
      <Button size="sm" variant="outline" onClick={() => open('bon-de-livraison')}>
        <LuPrinter /> Bons de livraison
      </Button>
    </HStack>
  );
}
