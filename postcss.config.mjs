// Panda writes the CSS of the pages drawn with `@/client/ui` (panda.config.ts) into src/client/ui/panda.css.
export default { plugins: { '@pandacss/dev/postcss': {} } };
