/*
 * The shop's legal identifiers, named as its country names them: a tax number and a trade
 * register number, printed on invoices and till receipts. The OHADA countries share the RCCM;
 * each names its tax number its own way. Elsewhere, generic words. No zod here: the till loads it.
 */

export interface LegalIdLabels {
  /** The short form printed on documents (« NINEA »). */
  taxId: string;
  /** What it stands for, for the settings' help line. */
  taxIdHelp: string;
  tradeRegister: string;
  tradeRegisterHelp: string;
}

const RCCM = { tradeRegister: 'RCCM', tradeRegisterHelp: 'Registre du commerce et du crédit mobilier' };
const NIF = { taxId: 'NIF', taxIdHelp: 'Numéro d’identification fiscale' };
const IFU = { taxId: 'IFU', taxIdHelp: 'Identifiant fiscal unique' };
const NIU = { taxId: 'NIU', taxIdHelp: 'Numéro d’identifiant unique' };

const BY_COUNTRY: Record<string, LegalIdLabels> = {
  SN: {
    taxId: 'NINEA',
    taxIdHelp: 'Numéro d’identification national des entreprises et associations',
    ...RCCM,
  },
  CI: { taxId: 'NCC', taxIdHelp: 'Numéro de compte contribuable', ...RCCM },
  CM: { ...NIU, ...RCCM },
  CG: { ...NIU, ...RCCM },
  BF: { ...IFU, ...RCCM },
  BJ: { ...IFU, ...RCCM },
  ML: { ...NIF, ...RCCM },
  NE: { ...NIF, ...RCCM },
  TG: { ...NIF, ...RCCM },
  GN: { ...NIF, ...RCCM },
  GA: { ...NIF, ...RCCM },
  TD: { ...NIF, ...RCCM },
  CD: { ...NIF, ...RCCM },
  MA: {
    taxId: 'ICE',
    taxIdHelp: 'Identifiant commun de l’entreprise',
    tradeRegister: 'RC',
    tradeRegisterHelp: 'Registre du commerce',
  },
};

const GENERIC: LegalIdLabels = {
  taxId: 'Identifiant fiscal',
  taxIdHelp: 'Le numéro fiscal de l’entreprise',
  tradeRegister: 'Registre du commerce',
  tradeRegisterHelp: 'Le numéro d’immatriculation au registre du commerce',
};

export function legalIdLabels(country: string): LegalIdLabels {
  return BY_COUNTRY[country] ?? GENERIC;
}

/** « NINEA : 0012345 2G3 · RCCM : SN-DKR-2019-B-1234 », or '' when neither is given. */
export function legalIdsLine(country: string, ids: { taxId?: string; tradeRegister?: string }): string {
  const labels = legalIdLabels(country);
  return [
    ids.taxId ? `${labels.taxId} : ${ids.taxId}` : null,
    ids.tradeRegister ? `${labels.tradeRegister} : ${ids.tradeRegister}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Letters, digits, spaces and . / - as registers write them (« SN-DKR-2019-B-1234 »). */
export const LEGAL_ID_PATTERN = /^[\p{L}\d](?:[\p{L}\d ./-]*[\p{L}\d])?$/u;
export const LEGAL_ID_MAX_LENGTH = 40;
