import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '@/server/db';
import { AppError } from '@/server/http/errors';
import { readForm, redirectTo, sendHtml } from '@/server/http/html-page';
import { getLogger } from '@/server/logger';
import { parseMoneyInput } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { ZDeliveryReport } from '../../delivery.schemas';
import { reportDelivery } from '../report';
import { findRiderByToken } from '../rider-link';
import { loadRiderPage, renderDeadLink, renderRiderPage, type RefusedReport } from './rider-page';
import { loadTracking, renderTracking, renderUnknownTracking } from './tracking-page';

const RIDER_PAGE = /^\/livreur\/([^/]+)$/;
const RIDER_REPORT = /^\/livreur\/([^/]+)\/livraison\/([^/]+)$/;
const TRACKING_PAGE = /^\/suivi\/([^/]+)$/;

/** The rider's form as the report schema wants it; a bad amount is named like the API names it. */
function reportOf(form: URLSearchParams, currency: string) {
  const values = Object.fromEntries(
    ['outcome', 'code', 'amount', 'method', 'reason'].map((k) => [k, form.get(k) ?? '']),
  );
  const amountText = values.amount!.trim();
  const amount = amountText === '' ? undefined : parseMoneyInput(amountText, currency);
  if (amount === null)
    return { values, errors: { amount: 'Indiquez le montant encaissé en chiffres (0 si rien).' } };
  // A field left empty takes its default (cash, no code, no reason), as in the API.
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
  const parsed = ZDeliveryReport.safeParse({ ...given, amount });
  if (!parsed.success)
    return {
      values,
      errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'outcome'), i.message])),
    };
  return { values, report: parsed.data };
}

async function serveRider(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  deliveryId: string | null,
) {
  const db = getDb();
  const found = await findRiderByToken(db, token);
  if (!found) return sendHtml(res, 410, renderDeadLink());
  if (req.method === 'GET' && !deliveryId) {
    const done = new URL(req.url ?? '/', 'http://localhost').searchParams.get('fait');
    return sendHtml(res, 200, renderRiderPage(token, await loadRiderPage(db, found), { done }));
  }
  if (req.method !== 'POST' || !deliveryId) {
    res.statusCode = 405;
    res.setHeader('Allow', deliveryId ? 'POST' : 'GET');
    return res.end();
  }
  const parsed = reportOf(await readForm(req), found.shop.currency);
  let refused: RefusedReport;
  if (parsed.report) {
    try {
      await reportDelivery(db, found.shop, deliveryId, parsed.report, {
        kind: 'rider',
        riderId: found.rider.id,
      });
      return redirectTo(res, `/livreur/${token}?fait=${encodeURIComponent(deliveryId)}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Another rider's delivery, or none: the same 404 either way, and nothing to show of it.
      if (error.status === 404) {
        res.statusCode = 404;
        return sendHtml(res, 404, renderRiderPage(token, await loadRiderPage(db, found)));
      }
      refused = {
        deliveryId,
        values: parsed.values,
        errors: error.details ?? {},
        formError: error.details ? null : fr(error.message),
      };
    }
  } else {
    refused = { deliveryId, values: parsed.values, errors: parsed.errors, formError: null };
  }
  if (refused.errors.outcome) refused.formError = refused.errors.outcome;
  return sendHtml(res, 422, renderRiderPage(token, await loadRiderPage(db, found), { refused }));
}

async function serveTracking(req: IncomingMessage, res: ServerResponse, token: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.statusCode = 405;
    res.setHeader('Allow', 'GET');
    return res.end();
  }
  const data = await loadTracking(getDb(), token);
  return data ? sendHtml(res, 200, renderTracking(data)) : sendHtml(res, 404, renderUnknownTracking());
}

/**
 * Answers the rider's and the customer's pages and returns true, or false for a URL that is not
 * theirs. These people have no account: the token in the URL is their only key.
 */
export function serveDeliveryPages(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  if (!url.startsWith('/livreur/') && !url.startsWith('/suivi/')) return false;
  const { pathname } = new URL(url, 'http://localhost');
  const report = RIDER_REPORT.exec(pathname);
  const page = RIDER_PAGE.exec(pathname);
  const tracking = TRACKING_PAGE.exec(pathname);
  if (!report && !page && !tracking) return false;
  const served = tracking
    ? serveTracking(req, res, decodeURIComponent(tracking[1]!))
    : serveRider(
        req,
        res,
        decodeURIComponent((report ?? page)![1]!),
        report ? decodeURIComponent(report[2]!) : null,
      );
  served.catch((error: unknown) => {
    getLogger().error({ err: error, url: pathname }, 'delivery page');
    if (!res.headersSent) {
      res.statusCode = error instanceof AppError ? error.status : 500;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    }
    res.end('Une erreur est survenue. Réessayez dans un instant.');
  });
  return true;
}
