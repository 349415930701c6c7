/** Every failed call, whatever went wrong, reaches the UI as one of these with a French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Verifiez votre connexion et reessayez';
