import {
  Alert,
  Button,
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { MAX_AMOUNT, amountLimitMessage } from '@/shared/bounds';
import { frenchTypography as fr } from '@/shared/typography';
import type { PosPaymentMethod } from '../../pos.schemas';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../pos-constants';
import { recordRefund } from '../offline/refund-ops';
import { useTill } from '../till/TillProvider';
import { ApprovalField } from './ApprovalField';
import { MoneyInput } from './MoneyInput';
import { refundEstimate } from './refund-math';
import type { RefundSource } from './refund-source';

/**
 * Refund (or exchange) of a past sale, line by line, giving the stock back. Sellers and cashiers
 * need a manager's PIN; the refund is an op like any other, so it works offline too.
 *
 * A hook giving the dialog's title, body and footer rather than a dialog: the sale's dialog shows
 * them in place of the receipt (a second dialog opened from a first one closed both).
 */
export function useRefundForm(props: {
  source: RefundSource;
  onCancel: () => void;
  onDone: (isExchange: boolean) => void;
}) {
  const till = useTill();
  const { source } = props;
  const { money, context, session, canApprove, approvers } = till;
  const currency = context.shop.currency;
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [method, setMethod] = useState<PosPaymentMethod>(source.defaultMethod);
  const [amountText, setAmountText] = useState<string | null>(null);
  const [restock, setRestock] = useState(true);
  const [isExchange, setExchange] = useState(false);
  const [reason, setReason] = useState('');
  const [approval, setApproval] = useState<{ pin: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const estimate = refundEstimate(
    source.lines.map((l) => ({
      quantity: l.quantity,
      total: l.total,
      refundQty: quantities[l.variantId] ?? 0,
    })),
    source,
  );
  const amount = amountText === null ? estimate : (parseMoneyInput(amountText, currency) ?? -1);
  const refundedAs =
    method === 'store_credit'
      ? 'Montant mis sur son avoir'
      : method === 'loyalty'
        ? 'Montant rendu en points'
        : 'Montant rendu au client';
  const chosen = source.lines.filter((l) => (quantities[l.variantId] ?? 0) > 0);

  function setQty(variantId: string, next: number, max: number) {
    setQuantities((q) => ({ ...q, [variantId]: Math.max(0, Math.min(max, next)) }));
    setAmountText(null);
  }

  async function submit() {
    setError(null);
    if (!session || !till.actor) return setError('Ouvrez une session de caisse pour rembourser.');
    if (chosen.length === 0) return setError('Choisissez au moins un article à rembourser.');
    if (amount < 0) return setError('Indiquez le montant remboursé en chiffres.');
    if (amount > MAX_AMOUNT) return setError(amountLimitMessage(currency));
    if (!canApprove && !approval)
      return setError('Un responsable doit approuver le remboursement avec son code PIN.');
    setSaving(true);
    try {
      const lines = chosen.map((l) => ({
        ...(l.lineId ? { lineId: l.lineId } : {}),
        productId: l.productId,
        variantId: l.variantId,
        quantity: quantities[l.variantId]!,
      }));
      const updated = await recordRefund(till.actor, {
        session,
        orderId: source.orderId,
        saleOpId: source.saleOpId,
        lines,
        method,
        amount,
        restock,
        reason: reason.trim() || (isExchange ? 'Échange' : ''),
        approvalPin: approval?.pin ?? null,
        localSale: source.localSale,
        label: source.label,
      });
      till.sessionChanged(updated);
      if (restock) till.stockTaken(lines.map((l) => ({ variantId: l.variantId, delta: l.quantity })));
      till.opWritten();
      props.onDone(isExchange);
    } catch {
      setError('Le remboursement n’a pas pu être enregistré sur cette tablette. Réessayez.');
    } finally {
      setSaving(false);
    }
  }

  return {
    title: `Rembourser · ${source.label}`,
    footer: (
      <HStack>
        <Button variant="outline" onClick={props.onCancel}>
          Annuler
        </Button>
        <Button
          colorPalette="red"
          onClick={() => void submit()}
          loading={isSaving}
          loadingText="Enregistrement…"
          data-testid="confirm-refund"
        >
          Rembourser {money(Math.max(0, amount))}
        </Button>
      </HStack>
    ),
    body: (
      <Stack gap="4">
        <Stack gap="1">
          {source.lines.map((line) => {
            const qty = quantities[line.variantId] ?? 0;
            return (
              <HStack key={line.variantId} borderBottomWidth="1px" py="2" gap="3" data-testid="refund-line">
                <Stack gap="0" flex="1" minW="0">
                  <Text fontWeight="medium">
                    {line.productName}
                    {line.variantName ? ` (${line.variantName})` : ''}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {line.quantity} vendu{line.quantity > 1 ? 's' : ''} · {money(line.total)}
                    {line.refundable < line.quantity
                      ? ` · ${line.quantity - line.refundable} déjà remboursé(s)`
                      : ''}
                  </Text>
                </Stack>
                <IconButton
                  aria-label="Un de moins"
                  variant="outline"
                  onClick={() => setQty(line.variantId, qty - 1, line.refundable)}
                  disabled={qty === 0}
                >
                  <LuMinus />
                </IconButton>
                <Text w="8" textAlign="center" fontWeight="semibold">
                  {qty}
                </Text>
                <IconButton
                  aria-label="Un de plus"
                  variant="outline"
                  onClick={() => setQty(line.variantId, qty + 1, line.refundable)}
                  disabled={qty >= line.refundable}
                >
                  <LuPlus />
                </IconButton>
              </HStack>
            );
          })}
        </Stack>
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" role="radiogroup" aria-label="Rendu en">
          {/* « Avoir »: kept by the client for a later purchase, so only for a sale with a client. */}
          {PAYMENT_METHODS.filter(
            (m) => (m !== 'store_credit' || source.client) && (m !== 'loyalty' || source.isPaidWithPoints),
          ).map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={method === m}
              variant={method === m ? 'solid' : 'outline'}
              colorPalette={method === m ? 'brand' : 'gray'}
              onClick={() => setMethod(m)}
            >
              {PAYMENT_METHOD_LABELS[m]}
            </Button>
          ))}
        </SimpleGrid>
        <Field.Root>
          <Field.Label>{refundedAs}</Field.Label>
          <MoneyInput
            label={refundedAs}
            value={amountText ?? moneyInputValue(estimate, currency)}
            onChange={setAmountText}
            currency={currency}
          />
        </Field.Root>
        <Input
          placeholder="Motif (facultatif)"
          aria-label="Motif du remboursement"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={300}
        />
        <Checkbox.Root checked={restock} onCheckedChange={(e) => setRestock(!!e.checked)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Remettre les articles en stock</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root checked={isExchange} onCheckedChange={(e) => setExchange(!!e.checked)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{fr('Échange : ouvrir ensuite une nouvelle vente pour ce client')}</Checkbox.Label>
        </Checkbox.Root>
        {!canApprove ? (
          <ApprovalField
            approvers={approvers}
            reason="Un remboursement demande le code PIN d’un administrateur ou d’un superviseur."
            approvedBy={approval?.name ?? null}
            onApproved={(pin, name) => setApproval({ pin, name })}
          />
        ) : null}
        {!session ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>Ouvrez une session de caisse pour rembourser.</Alert.Title>
          </Alert.Root>
        ) : null}
        {error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>
    ),
  };
}
