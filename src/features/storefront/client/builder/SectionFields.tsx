import { Box, Button, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { FieldShell, SelectField } from '@/client/components/form';
import { ImagePicker } from '@/client/components/ImagePicker';
import { RichTextEditor } from '@/client/components/RichTextEditor';
import type { LayoutSection, SectionType } from '@/shared/storefront/layout';
import { freshId, type TargetOption } from './design-edit';
import { MoveButtons } from './MoveButtons';
import { TargetField } from './TargetField';
import { useUploadSiteImageMutation } from './site-builder.api';

/*
 * A section's settings and blocks as form fields, described per kind of section: one component
 * edits them all, the way the storefront draws them all from the same layout.
 */

type Kind = 'text' | 'textarea' | 'richtext' | 'image' | 'count' | 'side' | 'target' | 'category';
interface FieldSpec {
  key: string;
  label: string;
  kind: Kind;
  max?: number;
  helper?: string;
}
interface BlockSpec {
  type: string;
  /** « Diapositive 2 » */
  name: string;
  add: string;
  max: number;
  fields: FieldSpec[];
  empty: Record<string, string>;
}

const TITLE: FieldSpec = { key: 'title', label: 'Titre', kind: 'text', max: 120 };
const COUNT: FieldSpec = { key: 'count', label: 'Nombre de produits (1 à 24)', kind: 'count' };

const SECTION_FIELDS: Record<SectionType, FieldSpec[]> = {
  banner: [
    TITLE,
    { key: 'subtitle', label: 'Phrase sous le titre', kind: 'textarea', max: 300 },
    { key: 'imageUrl', label: 'Photo', kind: 'image', helper: 'Réduite et compressée automatiquement.' },
    { key: 'buttonLabel', label: 'Texte du bouton (vide : pas de bouton)', kind: 'text', max: 40 },
    { key: 'buttonTarget', label: 'Le bouton mène à', kind: 'target' },
  ],
  slideshow: [{ ...TITLE, label: 'Titre (facultatif)' }],
  featured_products: [TITLE, COUNT],
  collection: [TITLE, { key: 'categoryId', label: 'Catégorie', kind: 'category' }, COUNT],
  category_grid: [TITLE],
  rich_text: [
    { ...TITLE, label: 'Titre (facultatif)' },
    { key: 'html', label: 'Texte', kind: 'richtext' },
  ],
  text_image: [
    TITLE,
    {
      key: 'text',
      label: 'Texte',
      kind: 'textarea',
      max: 3000,
      helper: 'Une ligne vide sépare deux paragraphes.',
    },
    { key: 'imageUrl', label: 'Photo', kind: 'image' },
    { key: 'imageSide', label: 'Place de la photo', kind: 'side' },
  ],
  testimonials: [TITLE],
  faq: [TITLE],
  whatsapp_button: [
    { key: 'label', label: 'Texte du bouton', kind: 'text', max: 80 },
    { key: 'message', label: 'Message déjà écrit pour le client', kind: 'textarea', max: 300 },
  ],
  map_hours: [
    TITLE,
    { key: 'address', label: 'Adresse (vide : celle de la boutique)', kind: 'textarea', max: 300 },
    {
      key: 'hours',
      label: 'Horaires',
      kind: 'textarea',
      max: 1000,
      helper: 'Une ligne par jour ou par période.',
    },
  ],
  newsletter: [TITLE, { key: 'text', label: 'Phrase d’invitation', kind: 'textarea', max: 300 }],
};

const BLOCKS: Partial<Record<SectionType, BlockSpec>> = {
  slideshow: {
    type: 'slide',
    name: 'Diapositive',
    add: 'Ajouter une diapositive',
    max: 8,
    fields: [
      { key: 'imageUrl', label: 'Photo', kind: 'image' },
      { key: 'title', label: 'Légende (facultative)', kind: 'text', max: 120 },
      { key: 'target', label: 'Mène à', kind: 'target' },
    ],
    empty: { imageUrl: '', title: '', target: 'catalogue' },
  },
  testimonials: {
    type: 'testimonial',
    name: 'Témoignage',
    add: 'Ajouter un témoignage',
    max: 12,
    fields: [
      { key: 'quote', label: 'Ce que dit le client', kind: 'textarea', max: 500 },
      { key: 'author', label: 'Son nom', kind: 'text', max: 80 },
    ],
    empty: { quote: '', author: '' },
  },
  faq: {
    type: 'question',
    name: 'Question',
    add: 'Ajouter une question',
    max: 30,
    fields: [
      { key: 'question', label: 'Question', kind: 'text', max: 200 },
      { key: 'answer', label: 'Réponse', kind: 'textarea', max: 2000 },
    ],
    empty: { question: '', answer: '' },
  },
};

export interface FieldContext {
  shopId: string;
  targets: TargetOption[];
  categories: Array<{ id: string; name: string }>;
  /** Refusals by field, relative to the section (`settings.title`, `blocks.0.settings.quote`). */
  errors: Record<string, string>;
  idPrefix: string;
}

export function SiteImageField(props: {
  shopId: string;
  label: string;
  value: string;
  name: string;
  error?: string;
  helper?: string;
  onChange: (url: string) => void;
}) {
  const [upload] = useUploadSiteImageMutation();
  return (
    <FieldShell label={props.label} error={props.error} helper={props.helper}>
      <Stack gap="2">
        <ImagePicker
          name={props.name}
          buttonLabel={props.value ? 'Changer la photo' : 'Choisir une photo'}
          preview={
            props.value ? (
              <Image src={props.value} alt="" boxSize="16" objectFit="cover" rounded="md" />
            ) : (
              <Box boxSize="16" rounded="md" borderWidth="1px" bg="bg.muted" />
            )
          }
          onUpload={async (file) =>
            props.onChange((await upload({ shopId: props.shopId, file }).unwrap()).url)
          }
        />
        {props.value ? (
          <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => props.onChange('')}>
            Retirer la photo
          </Button>
        ) : null}
      </Stack>
    </FieldShell>
  );
}

function Field(props: {
  spec: FieldSpec;
  value: unknown;
  error?: string;
  name: string;
  ctx: FieldContext;
  onChange: (value: unknown) => void;
}) {
  const { spec, ctx, name } = props;
  const text = typeof props.value === 'string' ? props.value : '';
  switch (spec.kind) {
    case 'text':
      return (
        <FieldShell label={spec.label} error={props.error} helper={spec.helper}>
          <Input
            name={name}
            value={text}
            maxLength={spec.max}
            onChange={(e) => props.onChange(e.currentTarget.value)}
          />
        </FieldShell>
      );
    case 'textarea':
      return (
        <FieldShell label={spec.label} error={props.error} helper={spec.helper}>
          <Textarea
            name={name}
            rows={3}
            value={text}
            maxLength={spec.max}
            onChange={(e) => props.onChange(e.currentTarget.value)}
          />
        </FieldShell>
      );
    case 'richtext':
      return (
        <FieldShell
          label={spec.label}
          error={props.error}
          helper="Les scripts et styles collés sont retirés."
        >
          <RichTextEditor value={text} onChange={props.onChange} label={spec.label} withLinks />
        </FieldShell>
      );
    case 'image':
      return (
        <SiteImageField
          shopId={ctx.shopId}
          label={spec.label}
          name={name}
          value={text}
          error={props.error}
          helper={spec.helper}
          onChange={props.onChange}
        />
      );
    case 'count':
      return (
        <FieldShell label={spec.label} error={props.error}>
          <Input
            name={name}
            type="number"
            inputMode="numeric"
            min={1}
            max={24}
            maxW="24"
            value={String(props.value ?? '')}
            onChange={(e) => props.onChange(Number.parseInt(e.currentTarget.value, 10) || 1)}
          />
        </FieldShell>
      );
    case 'side':
      return (
        <SelectField
          label={spec.label}
          name={name}
          value={text}
          onChange={props.onChange}
          options={[
            { value: 'right', label: 'À droite du texte' },
            { value: 'left', label: 'À gauche du texte' },
          ]}
        />
      );
    case 'target':
      return (
        <TargetField
          label={spec.label}
          name={name}
          value={text}
          error={props.error}
          shopId={ctx.shopId}
          options={ctx.targets}
          onChange={props.onChange}
        />
      );
    case 'category':
      return (
        <SelectField
          label={spec.label}
          name={name}
          value={text}
          error={props.error}
          onChange={props.onChange}
          options={[
            { value: '', label: 'Choisissez une catégorie' },
            ...ctx.categories.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
      );
  }
}

/** Every setting of one section, then its blocks (slides, testimonials, questions) with their own. */
export function SectionFields(props: {
  section: LayoutSection;
  onChange: (next: LayoutSection) => void;
  ctx: FieldContext;
}) {
  const { section, ctx } = props;
  const settings = section.settings as Record<string, unknown>;
  const blockSpec = BLOCKS[section.type];
  const blocks = section.blocks as Array<{ id: string; type: string; settings: Record<string, string> }>;
  const setBlocks = (next: typeof blocks) => props.onChange({ ...section, blocks: next } as LayoutSection);
  return (
    <Stack gap="4">
      {SECTION_FIELDS[section.type].map((spec) => (
        <Field
          key={spec.key}
          spec={spec}
          name={`${ctx.idPrefix}.${spec.key}`}
          value={settings[spec.key]}
          error={ctx.errors[`settings.${spec.key}`]}
          ctx={ctx}
          onChange={(value) =>
            props.onChange({ ...section, settings: { ...settings, [spec.key]: value } } as LayoutSection)
          }
        />
      ))}
      {blockSpec ? (
        <Stack gap="3">
          {ctx.errors.blocks ? (
            <Text color="fg.error" fontSize="sm">
              {ctx.errors.blocks}
            </Text>
          ) : null}
          {blocks.map((block, i) => (
            <Box key={block.id} borderWidth="1px" rounded="md" p="3">
              <HStack justify="space-between" mb="2">
                <Text fontWeight="semibold" fontSize="sm">
                  {blockSpec.name} {i + 1}
                </Text>
                <MoveButtons
                  items={blocks}
                  index={i}
                  name={`${blockSpec.name} ${i + 1}`}
                  size="xs"
                  onChange={setBlocks}
                />
              </HStack>
              <Stack gap="3">
                {blockSpec.fields.map((spec) => (
                  <Field
                    key={spec.key}
                    spec={spec}
                    name={`${ctx.idPrefix}.blocks.${i}.${spec.key}`}
                    value={block.settings[spec.key]}
                    error={ctx.errors[`blocks.${i}.settings.${spec.key}`]}
                    ctx={ctx}
                    onChange={(value) =>
                      setBlocks(
                        blocks.map((b) =>
                          b.id === block.id
                            ? { ...b, settings: { ...b.settings, [spec.key]: value as string } }
                            : b,
                        ),
                      )
                    }
                  />
                ))}
              </Stack>
            </Box>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            disabled={blocks.length >= blockSpec.max}
            onClick={() =>
              setBlocks([
                ...blocks,
                { id: freshId('bloc'), type: blockSpec.type, settings: { ...blockSpec.empty } },
              ])
            }
          >
            <LuPlus /> {blockSpec.add}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
