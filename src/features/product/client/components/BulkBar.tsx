import { Button, HStack, Input, NativeSelect, Text } from '@/client/ui';
import { useState } from 'react';
import { ApiError } from '@/client/api/api-error';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { toaster } from '@/client/shell/toaster';
import { parseMoneyInput } from '@/shared/money';
import { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, type ProductStatus } from '../../product.constants';
import { useBulkProductsMutation, type Category } from '../product.api';

type Action = '' | `status:${ProductStatus}` | 'category' | 'price_percent' | 'price_amount' | 'delete';

/** Actions on the selected products: status, category, price (by % or amount), delete. */
export function BulkBar(props: {
  shopId: string;
  currency: string;
  selected: string[];
  categories: Category[];
  onDone: () => void;
}) {
  const [action, setAction] = useState<Action>('');
  const [value, setValue] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [bulk, { isLoading }] = useBulkProductsMutation();
  const count = props.selected.length;

  async function apply() {
    let change: Parameters<typeof bulk>[0]['change'];
    if (action.startsWith('status:')) change = { action: 'status', status: action.slice(7) as ProductStatus };
    else if (action === 'category') change = { action: 'category', categoryId: categoryId || null };
    else if (action === 'price_percent' || action === 'price_amount') {
      const negative = value.trim().startsWith('-');
      const magnitude =
        action === 'price_percent'
          ? Number(value.replace(/[^\d]/g, ''))
          : parseMoneyInput(value.replace('-', ''), props.currency);
      if (!value.trim() || magnitude === null || Number.isNaN(magnitude)) {
        toaster.create({
          title: 'Indiquez une valeur, par exemple 10 ou -10.',
          type: 'error',
          duration: 3500,
        });
        return;
      }
      change = {
        action: 'price',
        mode: action === 'price_percent' ? 'percent' : 'amount',
        value: negative ? -magnitude : magnitude,
      };
    } else if (action === 'delete') change = { action: 'delete' };
    else return;
    try {
      const { count: done } = await bulk({
        shopId: props.shopId,
        productIds: props.selected,
        change,
      }).unwrap();
      toaster.create({
        title: `${done} produit${done > 1 ? 's' : ''} modifié${done > 1 ? 's' : ''}`,
        type: 'success',
        duration: 2500,
      });
      setAction('');
      setValue('');
      props.onDone();
    } catch (error) {
      toaster.create({
        title: 'Action refusée',
        description: error instanceof ApiError ? error.message : undefined,
        type: 'error',
        duration: 5000,
      });
    } finally {
      setConfirmOpen(false);
    }
  }

  return (
    <HStack
      gap="3"
      p="3"
      bg="brand.subtle"
      rounded="md"
      flexWrap="wrap"
      data-testid="bulk-bar"
      position="sticky"
      top="16"
      zIndex="docked"
    >
      <Text fontWeight="medium">
        {count} sélectionné{count > 1 ? 's' : ''}
      </Text>
      <NativeSelect.Root size="sm" w="auto" bg="bg">
        <NativeSelect.Field
          aria-label="Action groupée"
          value={action}
          onChange={(e) => setAction(e.currentTarget.value as Action)}
        >
          <option value="">Choisir une action…</option>
          {PRODUCT_STATUSES.map((s) => (
            <option key={s} value={`status:${s}`}>
              Passer en « {PRODUCT_STATUS_LABELS[s]} »
            </option>
          ))}
          <option value="category">Changer la catégorie</option>
          <option value="price_percent">Modifier le prix (en %)</option>
          <option value="price_amount">Modifier le prix (en montant)</option>
          <option value="delete">Supprimer</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {action === 'category' ? (
        <NativeSelect.Root size="sm" w="auto" bg="bg">
          <NativeSelect.Field
            aria-label="Nouvelle catégorie"
            value={categoryId}
            onChange={(e) => setCategoryId(e.currentTarget.value)}
          >
            <option value="">Sans catégorie</option>
            {props.categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
      {action === 'price_percent' || action === 'price_amount' ? (
        <Input
          size="sm"
          w="32"
          bg="bg"
          aria-label={action === 'price_percent' ? 'Variation en %' : 'Variation en montant'}
          placeholder={action === 'price_percent' ? '+10 ou -10' : '+500 ou -500'}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
      ) : null}
      <Button
        size="sm"
        colorPalette={action === 'delete' ? 'red' : 'brand'}
        disabled={!action}
        loading={isLoading}
        onClick={() => (action === 'delete' ? setConfirmOpen(true) : void apply())}
      >
        Appliquer
      </Button>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void apply()}
        title="Demande de confirmation"
        confirmLabel="Supprimer"
        isLoading={isLoading}
      >
        Supprimer {count} produit{count > 1 ? 's' : ''} et leur historique de stock ? Un produit déjà commandé
        ne peut pas être supprimé : archivez-le plutôt.
      </ConfirmDialog>
    </HStack>
  );
}
