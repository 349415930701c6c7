import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '@/server/db';
import { getLogger } from '@/server/logger';
import { getPayment } from './payment.repository';
import { paymentProvider } from './payment-gateway';
import { settlePayment } from './settle-payment';
import { settlementOf } from './settlements';

const MAX_WEBHOOK_BYTES = 64 * 1024;

async function readRaw(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, body: object): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The payer's browser coming back from the checkout page. The outcome is asked of the provider
 * (a redirect proves nothing), applied, and the payer lands where the payment's purpose says, with
 * the SPEC §4 message. A payment still pending there gets no message: its webhook will settle it.
 */
export async function handlePaymentReturn(
  _req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): Promise<void> {
  const db = getDb();
  const payment = params.paymentId ? await getPayment(db, params.paymentId) : null;
  const redirect = (location: string) => {
    res.statusCode = 303;
    res.setHeader('Location', location);
    res.setHeader('Cache-Control', 'no-store');
    res.end();
  };
  if (!payment) return redirect('/parametres/abonnement?message=payment_error');
  let status = payment.status;
  if (status === 'pending') {
    try {
      const settled = await settlePayment(db, await paymentProvider(db).fetchStatus(payment.id));
      status = settled?.status ?? status;
    } catch (error) {
      getLogger().error({ err: error, paymentId: payment.id }, 'payment status check failed');
    }
  }
  const message = status === 'pending' ? null : status === 'succeeded' ? 'payment_success' : 'payment_error';
  redirect(await settlementOf(payment.purpose).returnLocation(db, payment, message));
}

/** The provider's server-to-server notification: signature first, then the provider's own status. */
export async function handlePaymentWebhook(
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): Promise<void> {
  const log = getLogger().child({ route: 'payment webhook' });
  if (req.method !== 'POST') return answer(res, 405, { error: 'Méthode non autorisée.' });
  const db = getDb();
  const provider = paymentProvider(db);
  if (params.provider !== provider.id) return answer(res, 404, { error: 'Fournisseur de paiement inconnu.' });
  const rawBody = await readRaw(req);
  if (!rawBody) return answer(res, 413, { error: 'Notification trop volumineuse.' });
  const verified = await provider.verifyWebhook({ headers: req.headers, rawBody });
  if (!verified) {
    log.warn('payment webhook with a missing or wrong signature');
    return answer(res, 401, { error: 'Signature de la notification invalide.' });
  }
  if (!(await getPayment(db, verified.paymentId)))
    return answer(res, 404, { error: 'Paiement introuvable.' });
  const settled = await settlePayment(db, await provider.fetchStatus(verified.paymentId));
  log.info({ paymentId: verified.paymentId, status: settled?.status }, 'payment webhook applied');
  answer(res, 200, { received: true, status: settled?.status ?? null });
}
