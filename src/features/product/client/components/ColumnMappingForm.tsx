import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SelectField } from '@/client/components/form';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_FIELDS,
  REQUIRED_MAPPED_FIELDS,
  type ProductCsvField,
} from '../../product-csv.constants';

export type DraftMapping = Partial<Record<ProductCsvField, string>>;

const IGNORE = { value: '', label: 'Ignorer' };
// The fields every file needs first, then ours in the export's order.
const FIELD_ORDER: ProductCsvField[] = [
  ...REQUIRED_MAPPED_FIELDS,
  ...PRODUCT_CSV_FIELDS.filter((f) => !(REQUIRED_MAPPED_FIELDS as readonly string[]).includes(f)),
];

/** True once every field the import needs has a column. */
export function isMappingComplete(mapping: DraftMapping): boolean {
  return REQUIRED_MAPPED_FIELDS.every((field) => mapping[field]);
}

/**
 * For a file no layout reads: each of our fields takes one of the file's columns, or none
 * (« Ignorer »). Prefilled with the columns whose names say the field.
 */
export function ColumnMappingForm({
  columns,
  mapping,
  onChange,
  errors,
}: {
  columns: string[];
  mapping: DraftMapping;
  onChange: (mapping: DraftMapping) => void;
  errors: Record<string, string>;
}) {
  const options = [IGNORE, ...columns.map((c) => ({ value: c, label: c }))];
  return (
    <Stack gap="3" data-testid="column-mapping">
      <Text fontSize="sm">
        {
          'Ce fichier n’a les colonnes d’aucun format connu. Choisissez, pour chacun de nos champs, la colonne du fichier qui le contient\u202f; le nom et le prix sont obligatoires.'
        }
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" maxH="80" overflowY="auto" pe="1">
        {FIELD_ORDER.map((field) => (
          <SelectField
            key={field}
            name={`mapping-${field}`}
            label={PRODUCT_CSV_COLUMNS[field]}
            required={(REQUIRED_MAPPED_FIELDS as readonly string[]).includes(field)}
            value={mapping[field] ?? ''}
            error={errors[`mapping.${field}`]}
            options={options}
            onChange={(value) => onChange({ ...mapping, [field]: value || undefined })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
