import type { Category } from './product.api';

/** « Parent › Enfant » labels, in tree order. */
export function categoryOptions(categories: Category[]): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  const walk = (parentId: string | null, prefix: string) => {
    for (const c of categories.filter((x) => x.parentId === parentId)) {
      out.push({ value: c._id, label: `${prefix}${c.name}` });
      walk(c._id, `${prefix}${c.name} › `);
    }
  };
  walk(null, '');
  return out;
}
