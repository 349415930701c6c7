import { Box, Button, HStack, IconButton, Input, Stack, Tag, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { MAX_OPTIONS } from '../../product.schemas';

type Option = { name: string; values: string[] };

function ValuesInput({
  option,
  index,
  onChange,
}: {
  option: Option;
  index: number;
  onChange: (values: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  function add() {
    const parts = draft
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v && !option.values.some((existing) => existing.toLowerCase() === v.toLowerCase()));
    if (parts.length) onChange([...option.values, ...parts]);
    setDraft('');
  }
  return (
    <Stack gap="2" flex="1">
      <HStack gap="1" flexWrap="wrap">
        {option.values.map((value) => (
          <Tag.Root key={value} size="lg" colorPalette="brand">
            <Tag.Label>{value}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Retirer ${value}`}
                onClick={() => onChange(option.values.filter((v) => v !== value))}
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

/** Up to three options (Taille, Couleur…) and their values; each combination becomes a variant. */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: Option[];
  onChange: (options: Option[]) => void;
}) {
  const update = (index: number, patch: Partial<Option>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  return (
    <Stack gap="4">
      {options.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Ce produit n’a qu’une version. Ajoutez une option (taille, couleur…) s’il se décline.
        </Text>
      ) : null}
      {options.map((option, index) => (
        <HStack
          key={index}
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
              value={option.name}
              onChange={(e) => update(index, { name: e.currentTarget.value })}
            />
          </Box>
          <ValuesInput option={option} index={index} onChange={(values) => update(index, { values })} />
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Supprimer l’option ${index + 1}`}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      ))}
      {options.length < MAX_OPTIONS ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => onChange([...options, { name: '', values: [] }])}
        >
          <LuPlus /> Ajouter une option
        </Button>
      ) : null}
    </Stack>
  );
}
