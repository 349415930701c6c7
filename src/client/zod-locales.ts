/*
 * What the browser gets for zod's `locales` namespace (see next.config.mjs): the French messages
 * the app configures, and English, zod's own default. The real namespace brings every language
 * zod speaks, about 300 KB of script that webpack keeps even unused.
 */
export { default as fr } from 'zod/v4/locales/fr.js';
export { default as en } from 'zod/v4/locales/en.js';
