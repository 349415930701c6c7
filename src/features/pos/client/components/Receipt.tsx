import { Box, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '@/shared/money';
import { legalIdsLine } from '@/shared/legal-ids';
import { formatPhone } from '@/shared/phone-format';
import { frenchTypography as fr } from '@/shared/typography';
import { PAYMENT_METHOD_LABELS } from '../pos-constants';
import type {
  LocalSale,
  ReceiptLine,
  ReceiptPayment,
  ReceiptPromotion,
  SaleLoyalty,
  TillContext,
} from '../offline/types';
import { formatDateTime } from '@/shared/dates';
import { localLabelOf } from '../till/format';
import { formatCount } from '@/shared/numbers';

/** Everything a receipt shows, whether the sale is only on this tablet or on the server. */
export interface ReceiptData {
  /** « Commande n° 1042 », or the local ticket while the server has not numbered it. */
  numberLabel: string;
  /** The local ticket printed before, under the order's number once the server gave one. */
  localLabel: string | null;
  isPending: boolean;
  at: string;
  cashierName: string;
  tillName: string;
  client: { name: string; phone: string | null } | null;
  lines: ReceiptLine[];
  grossTotal: number;
  /** The shop's discounts, printed by name (absent: none). */
  promotions?: ReceiptPromotion[];
  lineDiscountTotal: number;
  cartDiscount: number;
  /** « Arrondi » (absent: none). */
  rounding?: number;
  total: number;
  payments: ReceiptPayment[];
  change: number;
  due: number;
  note: string;
  refunded: number;
  /** The client's loyalty points on this sale (absent: no programme, or a receipt from the server). */
  loyalty?: SaleLoyalty;
}

export function receiptFromSale(sale: LocalSale): ReceiptData {
  const isPending = sale.orderNumber === null;
  return {
    numberLabel: isPending ? localLabelOf(sale) : `Commande n° ${sale.orderNumber}`,
    localLabel: isPending ? null : localLabelOf(sale),
    isPending,
    at: sale.at,
    cashierName: sale.cashierName,
    tillName: sale.tillName,
    client: sale.client ? { name: sale.client.name, phone: sale.client.phone } : null,
    lines: sale.lines,
    grossTotal: sale.grossTotal,
    promotions: sale.promotions ?? [],
    lineDiscountTotal: sale.lineDiscountTotal,
    cartDiscount: sale.cartDiscount,
    rounding: sale.rounding ?? 0,
    total: sale.total,
    payments: sale.payments,
    change: sale.change,
    due: sale.due,
    note: sale.note,
    refunded: sale.refunds.reduce((sum, r) => sum + r.amount, 0),
    ...(sale.loyalty ? { loyalty: sale.loyalty } : {}),
  };
}

function Line({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Flex
      justify="space-between"
      gap="2"
      fontWeight={isStrong ? 'bold' : undefined}
      fontSize={isStrong ? '1.1em' : undefined}
    >
      <Text>{label}</Text>
      <Text whiteSpace="nowrap">{value}</Text>
    </Flex>
  );
}

const Rule = () => <Box borderTop="1px dashed" borderColor="black" my="1.5" />;

/** The thermal receipt (58 or 80 mm wide); on screen it is the same, in a paper-like box. */
export function Receipt({ data, context }: { data: ReceiptData; context: TillContext }) {
  const { shop } = context;
  const money = (n: number) => formatMoney(n, shop.currency);
  const legalIds = legalIdsLine(shop.country, shop);
  return (
    <Stack
      gap="0.5"
      bg="white"
      color="black"
      fontFamily="'Courier New', ui-monospace, monospace"
      fontSize="12px"
      lineHeight="1.35"
      p="3mm"
      w="full"
      data-testid="receipt"
    >
      <Stack align="center" gap="0.5" textAlign="center">
        {shop.logoUrl ? (
          <chakra.img src={shop.logoUrl} alt="" maxH="18mm" maxW="40mm" objectFit="contain" />
        ) : null}
        <Text fontWeight="bold" fontSize="15px">
          {shop.name}
        </Text>
        {shop.address ? <Text whiteSpace="pre-line">{shop.address}</Text> : null}
        {shop.phone ? <Text>{formatPhone(shop.phone)}</Text> : null}
      </Stack>
      <Rule />
      <Text fontWeight="bold" data-testid="receipt-number">
        {data.numberLabel}
      </Text>
      {data.isPending ? <Text>(en attente de synchronisation)</Text> : null}
      {data.localLabel ? <Text data-testid="receipt-local-number">{data.localLabel}</Text> : null}
      <Text>{formatDateTime(data.at, shop.timeZone)}</Text>
      <Text>{fr(`Caisse : ${data.tillName}`)}</Text>
      <Text>{fr(`Caissier : ${data.cashierName}`)}</Text>
      {data.client ? (
        <Text>
          {fr(`Client : ${data.client.name}`)}
          {data.client.phone ? ` (${formatPhone(data.client.phone)})` : ''}
        </Text>
      ) : null}
      <Rule />
      {data.lines.map((line) => (
        <Box key={line.variantId}>
          <Text>
            {line.productName}
            {line.variantName ? ` (${line.variantName})` : ''}
          </Text>
          <Line
            label={`  ${line.quantity} × ${money(line.unitPrice)}`}
            value={money(line.unitPrice * line.quantity)}
          />
          {line.lineDiscount > 0 ? <Line label="  Remise" value={`−${money(line.lineDiscount)}`} /> : null}
        </Box>
      ))}
      <Rule />
      {data.grossTotal > data.total ? (
        <>
          <Line label="Sous-total" value={money(data.grossTotal)} />
          {(data.promotions ?? []).map((p, i) => (
            <Box key={i} data-testid="receipt-promotion">
              <Line label={p.name} value={`−${money(p.amount)}`} />
            </Box>
          ))}
          {data.lineDiscountTotal > 0 ? (
            <Line label="Remises sur lignes" value={`−${money(data.lineDiscountTotal)}`} />
          ) : null}
          {data.cartDiscount > 0 ? <Line label="Remise" value={`−${money(data.cartDiscount)}`} /> : null}
          {data.rounding ? <Line label="Arrondi" value={`−${money(data.rounding)}`} /> : null}
        </>
      ) : null}
      <Line label="TOTAL" value={money(data.total)} isStrong />
      <Rule />
      {data.payments.map((p, i) => (
        <Box key={i}>
          <Line
            label={PAYMENT_METHOD_LABELS[p.method] + (p.reference ? ` ${p.reference}` : '')}
            value={money(p.method === 'cash' && p.tendered ? p.tendered : p.amount)}
          />
        </Box>
      ))}
      {data.change > 0 ? <Line label="Monnaie rendue" value={money(data.change)} /> : null}
      {data.due > 0 ? <Line label="Reste dû (crédit)" value={money(data.due)} isStrong /> : null}
      {data.refunded > 0 ? <Line label="Remboursé" value={`−${money(data.refunded)}`} /> : null}
      {data.loyalty ? (
        <Box pt="1" data-testid="receipt-loyalty">
          {data.loyalty.spent > 0 ? (
            <Line label="Points utilisés" value={`−${formatCount(data.loyalty.spent)}`} />
          ) : null}
          {data.loyalty.earned > 0 ? (
            <Line label="Points gagnés" value={`+${formatCount(data.loyalty.earned)}`} />
          ) : null}
          <Line label="Solde de points" value={formatCount(Math.max(0, data.loyalty.balance))} />
        </Box>
      ) : null}
      {data.note ? <Text pt="1">{fr(`Note : ${data.note}`)}</Text> : null}
      <Rule />
      <Text textAlign="center" fontWeight="bold" pt="1" data-testid="receipt-footer">
        {fr(shop.receiptFooter)}
      </Text>
      {legalIds ? (
        <Text textAlign="center" fontSize="10px" data-testid="receipt-legal-ids">
          {fr(legalIds)}
        </Text>
      ) : null}
    </Stack>
  );
}
