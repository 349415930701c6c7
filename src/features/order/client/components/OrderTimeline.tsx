import { Box, Button, HStack, Stack, Text, Textarea } from '@/client/ui';
import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { useServerErrors } from '@/client/components/form';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { frenchTypography } from '@/shared/typography';
import {
  CHANNEL_LABELS,
  FULFILMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  type FulfilmentStatus,
  type OrderChannel,
  type PaymentMethod,
} from '../../order.constants';
import { useAddOrderNoteMutation, type Order } from '../order.api';

type Event = Order['timeline'][number];

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** One line of French per change. */
export function describeEvent(event: Event, currency: string): string {
  const d = event.data as Record<string, unknown>;
  const money = (key: string) => formatMoney(Number(d[key] ?? 0), currency);
  switch (event.type) {
    case 'created': {
      const lines = (d.lines as Array<{ quantity: number }> | undefined) ?? [];
      const units = lines.reduce((n, l) => n + l.quantity, 0);
      const created = `Commande créée (${CHANNEL_LABELS[d.channel as OrderChannel] ?? 'Manuel'}, ${plural(units, 'article')}, ${money('total')})`;
      const delivery = d.delivery as
        { zone: string; zoneFee: number; fee: number; reason: string | null } | undefined;
      if (!delivery) return created;
      const zone = `zone « ${delivery.zone} »`;
      const fee =
        delivery.fee === delivery.zoneFee
          ? `livraison ${zone}, ${formatMoney(delivery.fee, currency)}`
          : `livraison ${zone} à ${formatMoney(delivery.fee, currency)} au lieu de ${formatMoney(delivery.zoneFee, currency)}`;
      return frenchTypography(`${created} · ${fee}${delivery.reason ? ` : ${delivery.reason}` : ''}`);
    }
    case 'status':
      return `Statut : ${FULFILMENT_LABELS[d.from as FulfilmentStatus]} → ${FULFILMENT_LABELS[d.to as FulfilmentStatus]}`;
    case 'payment':
      return `Paiement ${d.isOnline ? 'en ligne ' : ''}de ${money('amount')} par ${PAYMENT_METHOD_LABELS[d.method as PaymentMethod]}${d.reference ? ` (réf. ${String(d.reference)})` : ''}`;
    case 'payment_link':
      if (d.via === 'copy') return `Lien de paiement copié pour le client (${money('amount')} à payer)`;
      if (d.via === 'whatsapp') return `Lien de paiement envoyé sur WhatsApp (${money('amount')} à payer)`;
      return `Lien de paiement en ligne partagé (${money('amount')} à payer)`;
    case 'refund': {
      const restocked = Number(d.restocked ?? 0);
      return `Remboursement de ${money('amount')} par ${PAYMENT_METHOD_LABELS[d.method as PaymentMethod]}${
        restocked ? ` · ${plural(restocked, 'article')} remis en stock` : ''
      }${d.reason ? ` · ${String(d.reason)}` : ''}`;
    }
    case 'edit':
      return `Commande modifiée : total ${money('totalBefore')} → ${money('totalAfter')}`;
    case 'note':
      return String(d.note ?? '');
    case 'delivery':
      return `Confiée à ${String(d.rider)} (à encaisser : ${money('due')})`;
    case 'stock_conflict': {
      if (d.resolution) return `Conflit de stock réglé (${String(d.name)}) : ${String(d.resolution)}`;
      const items = (d.items as Array<{ name: string; missing: number }> | undefined) ?? [];
      return `Conflit de stock : vendu hors ligne sans stock suffisant (${items
        .map((i) => `${i.name}, ${plural(i.missing, 'manquant')}`)
        .join(' ; ')})`;
    }
  }
}

function NoteForm({ shopId, orderId }: { shopId: string; orderId: string }) {
  const [note, setNote] = useState('');
  const [add, { isLoading }] = useAddOrderNoteMutation();
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<'note'>();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setFieldErrors({ note: 'Écrivez la note avant de l’ajouter.' });
    if (await run(() => add({ shopId, orderId, note: note.trim() }).unwrap())) setNote('');
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Ajouter une note">
      <Stack gap="2">
        <FormErrorAlert message={formError && !fieldErrors.note ? formError : null} />
        <Textarea
          aria-label="Note interne"
          placeholder="Note interne (visible par l’équipe seulement)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          rows={2}
          aria-invalid={!!fieldErrors.note}
        />
        {fieldErrors.note ? (
          <Text color="fg.error" fontSize="sm">
            {fieldErrors.note}
          </Text>
        ) : null}
        <Button type="submit" size="sm" alignSelf="flex-start" loading={isLoading} variant="outline">
          Ajouter la note
        </Button>
      </Stack>
    </form>
  );
}

/** Historique: every change with who and when, newest last; the team adds notes here. */
export function OrderTimeline(props: {
  order: Order;
  shopId: string;
  currency: string;
  timeZone: string;
  canWrite: boolean;
}) {
  return (
    <Stack gap="4">
      <Stack gap="3" as="ol" data-testid="order-timeline">
        {props.order.timeline.map((event) => (
          <HStack as="li" key={event.id} align="flex-start" gap="3">
            <Box
              mt="1.5"
              boxSize="2"
              rounded="full"
              bg={event.type === 'note' ? 'orange.500' : 'brand.solid'}
              flexShrink={0}
            />
            <Stack gap="0">
              <Text fontSize="sm" fontStyle={event.type === 'note' ? 'italic' : undefined}>
                {describeEvent(event, props.currency)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {event.by?.name ?? (event.data.isOnline ? 'Le client' : 'Système')} ·{' '}
                {formatDateTime(event.createdAt, props.timeZone)}
              </Text>
            </Stack>
          </HStack>
        ))}
      </Stack>
      {props.canWrite ? <NoteForm shopId={props.shopId} orderId={props.order.id} /> : null}
    </Stack>
  );
}
