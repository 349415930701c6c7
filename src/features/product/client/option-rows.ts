/** An option row of the product editor, as typed. */
export type OptionValues = { name: string; values: string[] };

/** An option without a name or a value yet is being written: it is left out, not refused. */
export const isUsable = (option: OptionValues) => !!option.name.trim() && option.values.length > 0;
