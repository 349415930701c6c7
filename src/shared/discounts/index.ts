/*
 * The discount engine (issue « Réductions »): one pure function for the server (authoritative),
 * the till (offline) and the order editor. README.md beside this file says how it decides.
 */
export { compileDiscounts, normaliseCode, type CompiledDiscounts } from './compile';
export { applyDiscounts } from './apply';
export { discountStateAt } from './state';
export { settleRounding } from './rounding';
export type * from './types';
