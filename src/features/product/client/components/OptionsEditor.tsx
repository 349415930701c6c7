import { Box, Button, HStack, IconButton, Input, Stack, Tag, Text } from '@/client/ui';
import { useState } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { messageOf } from '@/client/forms/fields';
import { MAX_OPTIONS } from '../../product.constants';
import type { ProductFormValues } from '../product-form';

function ValuesInput({ index, onChange }: { index: number; onChange: () => void }) {
  const { control, setValue } = useFormContext<ProductFormValues>();
  // A removed option's row may render once more before it unmounts.
  const values = useWatch({ control, name: `options.${index}.values` }) ?? [];
  // The value being typed is not the option's until Entrée, « , » or leaving the field.
  const [draft, setDraft] = useState('');
  function set(next: string[]) {
    setValue(`options.${index}.values`, next, { shouldDirty: true });
    onChange();
  }
  function add() {
    const parts = draft
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v && !values.some((existing) => existing.toLowerCase() === v.toLowerCase()));
    if (parts.length) set([...values, ...parts]);
    setDraft('');
  }
  return (
    <Stack gap="2" flex="1">
      <HStack gap="1" flexWrap="wrap">
        {values.map((value) => (
          <Tag.Root key={value} size="lg" colorPalette="brand">
            <Tag.Label>{value}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Retirer ${value}`}
                onClick={() => set(values.filter((v) => v !== value))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </HStack>
      <Input
        size="sm"
        aria-label={`Valeurs de l’option ${index + 1}`}
        placeholder="Ajouter une valeur puis Entrée (ex. S, M, L)"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          }
        }}
        onBlur={add}
      />
    </Stack>
  );
}

/**
 * Up to three options (Taille, Couleur…) and their values; each combination becomes a variant.
 * `onChange` follows every change, for the variants to follow the options.
 */
export function OptionsEditor({ onChange }: { onChange: () => void }) {
  const { control, register } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const { errors } = useFormState({ control, name: 'options' });
  return (
    <Stack gap="4">
      {fields.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Ce produit n’a qu’une version. Ajoutez une option (taille, couleur…) s’il se décline.
        </Text>
      ) : null}
      {fields.map((field, index) => {
        const error = messageOf(errors.options?.[index]);
        return (
          <Stack key={field.id} gap="1">
            <HStack
              align="flex-start"
              gap="3"
              p="3"
              borderWidth="1px"
              rounded="md"
              flexWrap={{ base: 'wrap', md: 'nowrap' }}
            >
              <Box w={{ base: 'full', md: '48' }}>
                <Input
                  size="sm"
                  aria-label={`Nom de l’option ${index + 1}`}
                  placeholder="Nom (ex. Taille)"
                  {...register(`options.${index}.name`, { onChange })}
                />
              </Box>
              <ValuesInput index={index} onChange={onChange} />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={`Supprimer l’option ${index + 1}`}
                onClick={() => {
                  remove(index);
                  onChange();
                }}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
            {error ? (
              <Text color="fg.error" fontSize="sm">
                {error}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {fields.length < MAX_OPTIONS ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => append({ name: '', values: [] })}
        >
          <LuPlus /> Ajouter une option
        </Button>
      ) : null}
    </Stack>
  );
}
