import { definePublicRoute } from '@/server/http/define-route';
import { ZSendCodeBody, ZSendCodeResult } from '../auth.schemas';
import { sendSignInCode } from './send-code';

export const sendCodeRoute = definePublicRoute({
  method: 'POST',
  path: '/api/otp/sendCode',
  isPublic: true,
  tag: 'auth',
  summary:
    'Envoie par SMS un code de connexion à 6 chiffres (valable 5 minutes ; 3 codes par numéro et par 15 minutes). Indique si le numéro est nouveau (inscription).',
  body: ZSendCodeBody,
  response: ZSendCodeResult,
  handle: ({ db, body, ip }) => sendSignInCode(db, { phone: body.phone, country: body.country, ip }),
});
