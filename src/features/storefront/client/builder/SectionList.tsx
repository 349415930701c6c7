import { Badge, Box, Button, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCopy, LuEye, LuEyeOff, LuPencil, LuPlus } from 'react-icons/lu';
import { SECTION_TYPES, type LayoutSection, type SectionType } from '@/shared/storefront/layout';
import { SECTION_CATALOGUE, sectionName } from '@/shared/storefront/sections';
import { duplicated, freshId } from './design-edit';
import { MoveButtons } from './MoveButtons';
import { BuilderDialog } from './BuilderDialog';
import { SectionFields, type FieldContext } from './SectionFields';

function AddSectionDialog({ onAdd }: { onAdd: (type: SectionType) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <BuilderDialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title="Ajouter une section"
      trigger={
        <Button variant="outline" colorPalette="brand" alignSelf="flex-start">
          <LuPlus /> Ajouter une section
        </Button>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        {SECTION_TYPES.map((type) => (
          <Button
            key={type}
            variant="outline"
            h="auto"
            py="3"
            justifyContent="flex-start"
            textAlign="left"
            whiteSpace="normal"
            onClick={() => {
              onAdd(type);
              setOpen(false);
            }}
          >
            <Stack gap="0.5" align="flex-start">
              <Text fontWeight="semibold">{SECTION_CATALOGUE[type].label}</Text>
              <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                {SECTION_CATALOGUE[type].description}
              </Text>
            </Stack>
          </Button>
        ))}
      </SimpleGrid>
    </BuilderDialog>
  );
}

/**
 * A page's sections in order, each with buttons to move it (no drag needed), hide, duplicate,
 * delete and edit it in place; a new section comes from the French catalogue, at the end.
 */
export function SectionList(props: {
  sections: LayoutSection[];
  onChange: (sections: LayoutSection[]) => void;
  /** Errors of this page's sections, relative to them (`0.settings.title`). */
  errors: Record<string, string>;
  ctx: Omit<FieldContext, 'errors' | 'idPrefix'>;
}) {
  const { sections, onChange } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(props.errors)
        .filter(([k]) => k.startsWith(`${i}.`))
        .map(([k, v]) => [k.slice(`${i}.`.length), v]),
    );
  return (
    <Stack gap="3">
      {sections.length === 0 ? (
        <Text color="fg.muted">Cette page n’a aucune section : ajoutez-en une.</Text>
      ) : null}
      <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label="Sections de la page">
        {sections.map((section, i) => {
          const name = sectionName(section);
          const errors = errorsOf(i);
          const isOpen = editing === section.id || Object.keys(errors).length > 0;
          return (
            <Box
              as="li"
              key={section.id}
              borderWidth="1px"
              rounded="lg"
              bg="bg"
              borderColor={Object.keys(errors).length ? 'border.error' : undefined}
              data-testid="section-row"
            >
              <HStack p="2" gap="1" flexWrap="wrap">
                <Stack gap="0" flex="1" minW="40" ps="1">
                  <Text fontWeight="semibold" lineClamp={2} opacity={section.hidden ? 0.6 : 1}>
                    {name}
                  </Text>
                  {section.hidden ? (
                    <Badge alignSelf="flex-start" size="sm">
                      Masquée
                    </Badge>
                  ) : null}
                </Stack>
                <HStack gap="0">
                  <MoveButtons items={sections} index={i} name={name} onChange={onChange}>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`${section.hidden ? 'Afficher' : 'Masquer'} : ${name}`}
                      onClick={() =>
                        onChange(sections.map((s) => (s.id === section.id ? { ...s, hidden: !s.hidden } : s)))
                      }
                    >
                      {section.hidden ? <LuEye /> : <LuEyeOff />}
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Dupliquer : ${name}`}
                      onClick={() => onChange(duplicated(sections, i))}
                    >
                      <LuCopy />
                    </IconButton>
                  </MoveButtons>
                  <IconButton
                    size="sm"
                    variant={isOpen ? 'subtle' : 'ghost'}
                    aria-label={`Modifier : ${name}`}
                    aria-expanded={isOpen}
                    onClick={() => setEditing(isOpen ? null : section.id)}
                  >
                    <LuPencil />
                  </IconButton>
                </HStack>
              </HStack>
              {isOpen ? (
                <Box borderTopWidth="1px" p="3">
                  <SectionFields
                    section={section}
                    onChange={(next) => onChange(sections.map((s) => (s.id === section.id ? next : s)))}
                    ctx={{ ...props.ctx, errors, idPrefix: `section-${section.id}` }}
                  />
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Stack>
      <AddSectionDialog
        onAdd={(type) => {
          const id = freshId(type);
          onChange([...sections, SECTION_CATALOGUE[type].create(id)]);
          setEditing(id);
        }}
      />
    </Stack>
  );
}
