import { Box, CloseButton, Drawer, HStack, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useIsPhone } from '@/client/hooks/use-is-phone';
import { formatMoney } from '@/shared/money';
import type { WhyItem, WhyView } from '../why-price';

function Row({
  label,
  amount,
  isStrong,
  isMuted,
}: {
  label: string;
  amount: string;
  isStrong?: boolean;
  isMuted?: boolean;
}) {
  return (
    <HStack justify="space-between" align="flex-start" gap="3" fontWeight={isStrong ? 'semibold' : undefined}>
      <Text color={isMuted ? 'fg.muted' : undefined} minW="0" overflowWrap="anywhere">
        {label}
      </Text>
      <Text whiteSpace="nowrap" flexShrink={0}>
        {amount}
      </Text>
    </HStack>
  );
}

function Items({ items, currency }: { items: WhyItem[]; currency: string }) {
  return (
    <>
      {items.map((item) => (
        <HStack key={item.key} justify="space-between" align="flex-start" gap="3" data-testid="why-item">
          <Text minW="0" overflowWrap="anywhere" color="fg.success">
            {item.why}
          </Text>
          <Text whiteSpace="nowrap" flexShrink={0} color="fg.success">
            − {formatMoney(item.amount, currency)}
          </Text>
        </HStack>
      ))}
    </>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap="1.5" fontSize="sm" data-testid={testId}>
      <Text fontWeight="semibold">{title}</Text>
      {children}
    </Stack>
  );
}

/** The panel's content: per line, then the order, the delivery, the rounding and the total. */
export function WhyPriceContent({ view, currency }: { view: WhyView; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <Stack gap="4" separator={<Separator />}>
      {view.lines.map((line) => (
        <Section key={line.key} title={`${line.label} × ${line.quantity}`} testId="why-line">
          <Row label="Prix catalogue" amount={money(line.subtotal)} isMuted />
          {line.items.length ? (
            <Items items={line.items} currency={currency} />
          ) : (
            <Text color="fg.muted">Aucune réduction sur cet article.</Text>
          )}
          <Row label="Prix de la ligne" amount={money(line.total)} isStrong />
        </Section>
      ))}
      {view.order.length ? (
        <Section title="Sur la commande" testId="why-order">
          <Items items={view.order} currency={currency} />
        </Section>
      ) : null}
      {view.delivery ? (
        <Section title="Livraison" testId="why-delivery">
          <Row label="Frais de livraison" amount={money(view.delivery.fee)} isMuted />
          {view.delivery.waived ? <Items items={[view.delivery.waived]} currency={currency} /> : null}
        </Section>
      ) : null}
      {view.rounding ? (
        <Section title="Arrondi" testId="why-rounding">
          <Items items={[view.rounding]} currency={currency} />
        </Section>
      ) : null}
      <Box fontSize="md">
        <Row label="Total" amount={money(view.total)} isStrong />
      </Box>
    </Stack>
  );
}

/**
 * « Pourquoi ce prix ? »'s explanation, from the side on a large screen and from the bottom on a
 * phone; opened by WhyPriceButton, which loads it (and Chakra) on the first press.
 */
export function WhyPriceDrawer(props: {
  isOpen: boolean;
  onClose: () => void;
  view: () => WhyView;
  currency: string;
}) {
  const isPhone = useIsPhone();
  return (
    <Drawer.Root
      lazyMount
      open={props.isOpen}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement={isPhone ? 'bottom' : 'end'}
      size={isPhone ? undefined : 'md'}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content
            roundedTop={isPhone ? 'l3' : undefined}
            maxH={isPhone ? '85dvh' : undefined}
            data-testid="why-price"
          >
            <Drawer.Header>
              <Drawer.Title>Pourquoi ce prix ?</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {props.isOpen ? <WhyPriceContent view={props.view()} currency={props.currency} /> : null}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
