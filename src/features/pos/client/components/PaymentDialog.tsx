import {
  Alert,
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuX } from 'react-icons/lu';
import { parseMoneyInput, moneyInputValue } from '@/shared/money';
import { MAX_AMOUNT, amountLimitMessage } from '@/shared/bounds';
import { frenchTypography as fr } from '@/shared/typography';
import type { PosPaymentMethod } from '../../pos.schemas';
import type { Cart } from '../cart/cart-state';
import {
  cartLimitError,
  cartNeedsApproval,
  paymentState,
  quickTenders,
  type PaymentDraft,
} from '../cart/checkout-math';
import { priceTillCart } from '../cart/cart-pricing';
import {
  MOBILE_MONEY_METHODS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  DISCOUNT_APPROVAL_PERCENT,
} from '../pos-constants';
import { recordSale } from '../offline/sale-ops';
import type { LocalSale, StoredClient } from '../offline/types';
import { accountAfterPending, accountOfCopy, readClientOnTablet } from '../offline/client-account';
import { useTill } from '../till/TillProvider';
import { pointsEarned, pointsForAmount, pointsText, pointsWorth } from '@/features/loyalty/loyalty.constants';
import { useGetClientCreditQuery } from '../pos.api';
import { ApprovalField } from './ApprovalField';
import { MoneyInput } from './MoneyInput';
import { TillDialog } from './TillDialog';
import { formatCount } from '@/shared/numbers';

/**
 * Takes the payment: one method or several (split), cash with the change to give, mobile money
 * and card with their reference, the client's « avoir » or loyalty points, or « à crédit » for a
 * known client.
 * Writes the sale to the outbox and hands back its receipt.
 */
export function PaymentDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  cart: Cart;
  onSold: (sale: LocalSale) => void;
}) {
  const till = useTill();
  const { money, context, canApprove, approvers, actor, session, pricing, index } = till;
  const currency = context.shop.currency;
  // Priced here again (the cart's own figures may still be loading the engine): what this dialog
  // shows is what the sale op sends.
  const [priced] = useState(() =>
    priceTillCart(props.cart, {
      data: pricing,
      currency,
      timeZone: context.shop.timeZone,
      categoryOf: (id) => index.card(id)?.categoryId,
    }),
  );
  const { totals } = priced;
  const limitError = cartLimitError(props.cart, currency);
  const [payments, setPayments] = useState<PaymentDraft[]>([]);
  const [method, setMethod] = useState<PosPaymentMethod>('cash');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [isCredit, setCredit] = useState(false);
  const [approval, setApproval] = useState<{ pin: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const { remaining, change } = paymentState(totals.total, payments);
  const client = props.cart.client;
  const clientId = client?.id ?? null;
  // The client's account: the server's answer when online, else the tablet's copy; either way
  // moved by this tablet's sales not sent yet. Offline, the server judges again at sync.
  const fromServer = useGetClientCreditQuery(
    { shopId: context.shop.id, clientId: clientId ?? '' },
    { skip: !clientId },
  ).data;
  const [onTablet, setOnTablet] = useState<{ copy: StoredClient | undefined; sales: LocalSale[] } | null>(
    null,
  );
  useEffect(() => {
    if (!client) return;
    let isCurrent = true;
    void readClientOnTablet(context.shop.id, client)
      .then((read) => isCurrent && setOnTablet(read))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [client, context.shop.id]);
  const account =
    client && (fromServer || onTablet)
      ? fromServer
        ? accountAfterPending(fromServer, onTablet?.sales ?? [], client)
        : accountAfterPending(
            accountOfCopy(onTablet?.copy),
            onTablet?.sales ?? [],
            client,
            onTablet?.copy?.copiedAt ?? null,
          )
      : null;
  const storeCreditLeft =
    (account?.storeCredit ?? 0) -
    payments.reduce((n, p) => n + (p.method === 'store_credit' ? p.amount : 0), 0);
  // Loyalty points: from the balance the till knows, less what this sale's payments spend already.
  const rules = context.loyalty ?? null;
  const pointsHeld = rules && client ? (account?.loyaltyPoints ?? 0) : 0;
  const paidWithPoints = (list: PaymentDraft[]) =>
    list.reduce((n, p) => n + (p.method === 'loyalty' ? p.amount : 0), 0);
  const pointsLeft = rules ? pointsHeld - pointsForAmount(paidWithPoints(payments), rules.pointValue) : 0;
  const pointsLeftWorth = rules ? pointsWorth(pointsLeft, rules.pointValue) : 0;
  const creditAfter = account ? account.balance + remaining : 0;
  const pastCreditLimit =
    isCredit && remaining > 0 && account?.creditLimit != null && creditAfter > account.creditLimit;
  const needsDiscountApproval = !canApprove && cartNeedsApproval(props.cart, totals);
  const needsApproval = needsDiscountApproval || (!canApprove && pastCreditLimit);
  const typed = parseMoneyInput(amountText, currency);
  const isCash = method === 'cash';
  const isStoreCredit = method === 'store_credit';
  const isPoints = method === 'loyalty';
  const canUsePoints = !!rules && pointsHeld >= rules.minRedeem && pointsLeftWorth > 0;
  const methods = PAYMENT_METHODS.filter(
    (m) =>
      (m !== 'store_credit' || storeCreditLeft > 0 || isStoreCredit) &&
      (m !== 'loyalty' || canUsePoints || isPoints),
  );
  const needsReference = MOBILE_MONEY_METHODS.includes(method);
  const entryChange = isCash && typed !== null ? Math.max(0, typed - remaining) : 0;

  /** The payment being typed, or null when the field is empty or wrong (the error says which). */
  function draftFromEntry(): PaymentDraft | null | 'invalid' {
    if (!amountText.trim()) return null;
    if (typed === null || typed <= 0) {
      setError('Indiquez un montant en chiffres, supérieur à 0.');
      return 'invalid';
    }
    if (typed > MAX_AMOUNT) {
      setError(fr(amountLimitMessage(currency)));
      return 'invalid';
    }
    if (remaining <= 0) {
      setError('Le total est déjà payé.');
      return 'invalid';
    }
    if (needsReference && !reference.trim()) {
      setError(`Indiquez la référence de la transaction ${PAYMENT_METHOD_LABELS[method]}.`);
      return 'invalid';
    }
    if (!isCash && typed > remaining) {
      setError(`Le montant dépasse le reste à payer (${money(remaining)}).`);
      return 'invalid';
    }
    if (isStoreCredit && typed > storeCreditLeft) {
      setError(
        `L’avoir de ${client?.name ?? 'ce client'} ne couvre que ${money(Math.max(0, storeCreditLeft))}.`,
      );
      return 'invalid';
    }
    if (isPoints && rules && pointsHeld < rules.minRedeem) {
      setError(
        fr(
          `${client?.name ?? 'Ce client'} a ${pointsText(pointsHeld)} : il en faut au moins ${formatCount(rules.minRedeem)} pour payer avec des points.`,
        ),
      );
      return 'invalid';
    }
    if (isPoints && typed > pointsLeftWorth) {
      setError(
        `Les points de ${client?.name ?? 'ce client'} ne couvrent que ${money(Math.max(0, pointsLeftWorth))} (${pointsText(Math.max(0, pointsLeft))}).`,
      );
      return 'invalid';
    }
    return isCash
      ? { method, amount: Math.min(typed, remaining), tendered: typed }
      : { method, amount: typed, ...(reference.trim() ? { reference: reference.trim() } : {}) };
  }

  function addEntry(): PaymentDraft[] | null {
    setError(null);
    const draft = draftFromEntry();
    if (draft === 'invalid') return null;
    if (!draft) return payments;
    const next = [...payments, draft];
    setPayments(next);
    setAmountText('');
    setReference('');
    return next;
  }

  function chooseMethod(next: PosPaymentMethod) {
    setMethod(next);
    setError(null);
    if (next === 'store_credit')
      setAmountText(moneyInputValue(Math.min(remaining, Math.max(0, storeCreditLeft)), currency));
    else if (next === 'loyalty')
      setAmountText(moneyInputValue(Math.min(remaining, Math.max(0, pointsLeftWorth)), currency));
    else if (next !== 'cash' && !amountText) setAmountText(moneyInputValue(remaining, currency));
  }

  /** The points this sale spends and earns (paid in full only), and the balance it leaves. */
  function saleLoyalty(all: PaymentDraft[], isUnpaid: boolean) {
    const withPoints = paidWithPoints(all);
    const spent = rules ? pointsForAmount(withPoints, rules.pointValue) : 0;
    const earned = rules && !isUnpaid ? pointsEarned(totals.total - withPoints, rules.pointsPerThousand) : 0;
    return { spent, earned, balance: pointsHeld - spent + earned };
  }

  async function validate() {
    if (limitError) return setError(fr(limitError));
    const all = addEntry();
    if (!all || !actor || !session) return;
    const state = paymentState(totals.total, all);
    if (state.remaining > 0 && !isCredit) {
      setError(
        fr(
          `Il reste ${money(state.remaining)} à payer : ajoutez un paiement ou choisissez « Paiement à crédit ».`,
        ),
      );
      return;
    }
    if (needsApproval && !approval) {
      setError(
        needsDiscountApproval
          ? 'Un responsable doit approuver la remise avec son code PIN.'
          : 'Un responsable doit approuver ce crédit au-delà du plafond avec son code PIN.',
      );
      return;
    }
    setSaving(true);
    try {
      const { sale, session: updated } = await recordSale(actor, {
        priced,
        payments: all,
        isCredit: isCredit && state.remaining > 0,
        approvalPin: approval?.pin ?? null,
        session,
        ...(rules && client ? { loyalty: saleLoyalty(all, state.remaining > 0) } : {}),
      });
      till.sessionChanged(updated);
      till.stockTaken(sale.lines.map((l) => ({ variantId: l.variantId, delta: -l.quantity })));
      till.opWritten();
      props.onSold(sale);
    } catch {
      setError('La vente n’a pas pu être enregistrée sur cette tablette. Réessayez.');
    } finally {
      setSaving(false);
    }
  }

  const canCredit = !!props.cart.client;
  return (
    <TillDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={`Encaisser ${money(totals.total)}`}
      size="lg"
      footer={
        <HStack w="full" justify="space-between" gap="2" wrap="wrap">
          <Button variant="outline" onClick={props.onClose} size="lg">
            Retour au panier
          </Button>
          <Button
            colorPalette="brand"
            size="xl"
            onClick={() => void validate()}
            loading={isSaving}
            loadingText="Enregistrement…"
            data-testid="validate-sale"
          >
            Valider la vente
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        {limitError ? (
          <Alert.Root status="warning" data-testid="cart-limit">
            <Alert.Indicator />
            <Alert.Title>{fr(limitError)}</Alert.Title>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" role="radiogroup" aria-label="Moyen de paiement">
          {methods.map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={method === m}
              size="lg"
              variant={method === m ? 'solid' : 'outline'}
              colorPalette={method === m ? 'brand' : 'gray'}
              onClick={() => chooseMethod(m)}
            >
              {PAYMENT_METHOD_LABELS[m]}
            </Button>
          ))}
        </SimpleGrid>

        <Stack gap="2">
          <Field.Root>
            <Field.Label htmlFor="payment-amount">{isCash ? 'Montant reçu' : 'Montant'}</Field.Label>
            <MoneyInput
              id="payment-amount"
              label={isCash ? 'Montant reçu' : 'Montant'}
              value={amountText}
              onChange={setAmountText}
              currency={currency}
              autoFocus
            />
          </Field.Root>
          {isCash && remaining > 0 ? (
            <HStack gap="2" wrap="wrap">
              {quickTenders(remaining).map((n) => (
                <Button key={n} variant="outline" onClick={() => setAmountText(moneyInputValue(n, currency))}>
                  {money(n)}
                </Button>
              ))}
            </HStack>
          ) : null}
          {isStoreCredit ? (
            <Text color="fg.muted" data-testid="store-credit-left">
              {fr(`Avoir disponible : ${money(Math.max(0, storeCreditLeft))}`)}
            </Text>
          ) : null}
          {isPoints && rules ? (
            <Text color="fg.muted" data-testid="points-left">
              {fr(
                `Points disponibles : ${pointsText(Math.max(0, pointsLeft))} (${money(Math.max(0, pointsLeftWorth))})`,
              )}
            </Text>
          ) : null}
          {!isCash && !isStoreCredit && !isPoints ? (
            <Field.Root required={needsReference}>
              <Field.Label>
                Référence de la transaction{needsReference ? <Field.RequiredIndicator /> : null}
              </Field.Label>
              <Input
                size="lg"
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                autoComplete="off"
              />
            </Field.Root>
          ) : null}
          {isCash && entryChange > 0 ? (
            <Text fontSize="lg" fontWeight="semibold" color="green.fg" data-testid="entry-change">
              {fr(`À rendre : ${money(entryChange)}`)}
            </Text>
          ) : null}
          <Button
            variant="outline"
            onClick={() => addEntry()}
            alignSelf="flex-start"
            disabled={!amountText.trim()}
          >
            Ajouter ce paiement
          </Button>
        </Stack>

        {payments.length ? (
          <Stack gap="1" borderWidth="1px" rounded="md" p="2" data-testid="payments">
            {payments.map((p, i) => (
              <HStack key={i} justify="space-between">
                <Text>
                  {PAYMENT_METHOD_LABELS[p.method]}
                  {p.reference ? ` · ${p.reference}` : ''}
                  {p.tendered && p.tendered > p.amount ? ` · reçu ${money(p.tendered)}` : ''}
                </Text>
                <HStack>
                  <Text fontWeight="medium">{money(p.amount)}</Text>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label="Retirer ce paiement"
                    onClick={() => setPayments(payments.filter((_, j) => j !== i))}
                  >
                    <LuX />
                  </IconButton>
                </HStack>
              </HStack>
            ))}
          </Stack>
        ) : null}

        <Box>
          <HStack justify="space-between" fontSize="lg">
            <Text>Reste à payer</Text>
            <Text fontWeight="bold" data-testid="remaining">
              {money(remaining)}
            </Text>
          </HStack>
          {change > 0 ? (
            <HStack justify="space-between" fontSize="lg" color="green.fg">
              <Text>Monnaie à rendre</Text>
              <Text fontWeight="bold" data-testid="change">
                {money(change)}
              </Text>
            </HStack>
          ) : null}
        </Box>

        <Switch.Root
          checked={isCredit}
          onCheckedChange={(e) => setCredit(e.checked)}
          disabled={!canCredit}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>
            Paiement à crédit
            {canCredit
              ? fr(` : le reste (${money(remaining)}) reste dû par ${props.cart.client!.name}`)
              : ' (ajoutez d’abord un client au panier)'}
          </Switch.Label>
        </Switch.Root>

        {pastCreditLimit && account ? (
          <Alert.Root status="warning" data-testid="credit-limit">
            <Alert.Indicator />
            <Alert.Title>
              {fr(
                `L’ardoise de ${props.cart.client!.name} passerait à ${money(creditAfter)}, au-delà de son plafond (${money(account.creditLimit!)}).`,
              )}
            </Alert.Title>
          </Alert.Root>
        ) : null}

        {needsApproval ? (
          <ApprovalField
            approvers={approvers}
            reason={fr(
              needsDiscountApproval
                ? `Remise de plus de ${DISCOUNT_APPROVAL_PERCENT} % : approbation d’un responsable requise.`
                : 'Crédit au-delà du plafond du client : approbation d’un responsable requise.',
            )}
            approvedBy={approval?.name ?? null}
            onApproved={(pin, name) => setApproval({ pin, name })}
          />
        ) : null}

        {error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>
    </TillDialog>
  );
}
