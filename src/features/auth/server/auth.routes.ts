import { definePublicRoute, defineRoute } from '@/server/http/define-route';
import { ZSendCodeBody, ZSendCodeResult, ZSignOutEverywhereResult } from '../auth.schemas';
import { sendSignInCode } from './send-code';
import { signOutEverywhere } from './sign-out-everywhere';

export const sendCodeRoute = definePublicRoute({
  method: 'POST',
  path: '/api/otp/sendCode',
  isPublic: true,
  tag: 'auth',
  summary:
    'Envoie par SMS un code de connexion à 6 chiffres (valable 5 minutes ; 3 codes par numéro et par 15 minutes). Indique si le numéro est nouveau (inscription).',
  body: ZSendCodeBody,
  response: ZSendCodeResult,
  handle: ({ db, body, ip }) => sendSignInCode(db, { phone: body.phone, country: body.country, ip }),
});

// Not under /api/auth: next-auth answers every path there.
export const signOutEverywhereRoute = defineRoute({
  method: 'POST',
  path: '/api/session/signOutEverywhere',
  tag: 'auth',
  summary:
    'Déconnecte l’utilisateur de tous ses appareils, celui-ci compris : chaque session encore ouverte est révoquée, avec ses jetons d’accès.',
  response: ZSignOutEverywhereResult,
  handle: ({ db, user }) => signOutEverywhere(db, user.id),
});
