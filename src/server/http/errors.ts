import { frenchTypography } from '@/shared/typography';

/** Every refusal the API makes: a code for programs, a French sentence for people. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const Errors = {
  unauthenticated: () => new AppError('UNAUTHENTICATED', 401, 'Vous devez être connecté(e) pour continuer.'),
  forbidden: () => new AppError('FORBIDDEN', 403, 'Votre rôle ne vous permet pas d’effectuer cette action.'),
  notFound: (what = 'La ressource demandée') => new AppError('NOT_FOUND', 404, `${what} est introuvable.`),
  shopBlocked: (productName: string) =>
    new AppError(
      'SHOP_BLOCKED',
      403,
      `Votre boutique a été bloquée. Veuillez contacter un agent ${productName}`,
    ),
  validation: (details: Record<string, string>, message = 'Certaines informations sont invalides.') =>
    new AppError('VALIDATION_ERROR', 422, message, details),
  /** A plan limit (PRODUCT.md): the message names the plan and its limit. */
  quotaExceeded: (message: string) => new AppError('QUOTA_EXCEEDED', 403, message),
  conflict: (message: string) => new AppError('CONFLICT', 409, message),
  rateLimited: (message: string) => new AppError('RATE_LIMITED', 429, message),
  methodNotAllowed: () => new AppError('METHOD_NOT_ALLOWED', 405, 'Cette méthode n’est pas autorisée ici.'),
};

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, string>; requestId?: string };
}

/** The one shape every refusal is sent in, its sentences set in French typography. */
export function toErrorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: frenchTypography(error.message),
      ...(error.details
        ? {
            details: Object.fromEntries(
              Object.entries(error.details).map(([k, v]) => [k, frenchTypography(v)]),
            ),
          }
        : {}),
    },
  };
}
