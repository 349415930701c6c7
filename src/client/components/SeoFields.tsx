import { Box, Button, FieldTextarea, FieldTextInput, HStack, Image, Stack, Text } from '@/client/ui';
import { useRef } from 'react';
import {
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SERP_DESCRIPTION_LENGTH,
  SERP_DESCRIPTION_SHORT,
  SERP_TITLE_LENGTH,
  characterCount,
  serpUrlLine,
  truncateForSerp,
} from '@/shared/seo-preview';
import { FieldShell } from './form';
import { ImagePicker } from './ImagePicker';

export interface SeoValue {
  title: string;
  description: string;
  /** The picture a shared link shows (WhatsApp, Facebook); only with `showImage`. */
  imageUrl?: string;
}

export interface SeoFieldsProps {
  value: SeoValue;
  onChange: (next: SeoValue) => void;
  /** What the page uses for an empty title, and the preview shows. */
  fallbackTitle: string;
  /** What the page uses for an empty description (its text, without tags). */
  fallbackDescription: string;
  /** The page's public address, shown on the preview's first line. */
  url: string;
  /** Refusals by field: `title`, `description`, `imageUrl`. */
  errors?: Record<string, string>;
  /** Makes the fields' names unique when a screen shows several of these. */
  idPrefix: string;
  showImage?: boolean;
  /** Sends the picture and answers its address. */
  onUploadImage?: (file: File) => Promise<string>;
}

/** « n / 60 caractères » under a field, and what is wrong with the length, if anything. */
function LengthMeter({
  length,
  advised,
  max,
  notice,
}: {
  length: number;
  advised: number;
  max: number;
  notice: string | null;
}) {
  const color = length > max ? 'fg.error' : length > advised ? 'fg.warning' : 'fg.muted';
  return (
    <Stack gap="0.5" mt="1.5" w="full" minW="0">
      <Text fontSize="xs" color={color}>
        {`${length} / ${advised} caractères`}
      </Text>
      {/* Said once when it appears, not at each key. */}
      <Box aria-live="polite" minW="0">
        {notice ? (
          <Text fontSize="xs" color={color} overflowWrap="anywhere">
            {notice}
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}

function titleNotice(length: number): string | null {
  if (length > SEO_TITLE_MAX)
    return `Au-delà de ${SEO_TITLE_MAX} caractères, le titre ne peut pas être enregistré.`;
  if (length > SERP_TITLE_LENGTH)
    return `Google coupera le titre au-delà d’environ ${SERP_TITLE_LENGTH} caractères.`;
  return null;
}

function descriptionNotice(length: number): string | null {
  if (length > SEO_DESCRIPTION_MAX)
    return `Au-delà de ${SEO_DESCRIPTION_MAX} caractères, la description ne peut pas être enregistrée.`;
  if (length > SERP_DESCRIPTION_LENGTH)
    return `Google coupera la description au-delà d’environ ${SERP_DESCRIPTION_LENGTH} caractères.`;
  if (length > 0 && length < SERP_DESCRIPTION_SHORT)
    return `Description un peu courte\u00a0: visez de ${SERP_DESCRIPTION_SHORT} à ${SERP_DESCRIPTION_LENGTH} caractères pour donner envie de cliquer.`;
  return null;
}

/** A Google result as a phone shows it: the address, the title in blue, the description in grey. */
function SerpPreview({
  idPrefix,
  url,
  title,
  description,
}: {
  idPrefix: string;
  url: string;
  title: string;
  description: string;
}) {
  const urlLine = serpUrlLine(url);
  const labelId = `${idPrefix}-seo-preview-label`;
  const shownTitle = truncateForSerp(title, SERP_TITLE_LENGTH);
  const shownDescription = truncateForSerp(description, SERP_DESCRIPTION_LENGTH);
  return (
    <Stack gap="2" minW="0" w="full">
      <Text id={labelId} fontWeight="semibold" fontSize="sm">
        Aperçu dans Google
      </Text>
      <Box
        role="figure"
        aria-labelledby={labelId}
        data-testid={`${idPrefix}-seo-preview`}
        w="full"
        maxW="xl"
        minW="0"
        p="4"
        bg="white"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="xl"
        fontFamily="Arial, Helvetica, sans-serif"
        overflowWrap="anywhere"
      >
        <HStack gap="2.5" align="center" minW="0">
          <Box
            aria-hidden
            flexShrink={0}
            boxSize="7"
            rounded="full"
            bg="gray.100"
            color="gray.600"
            fontSize="xs"
            display="flex"
            alignItems="center"
            justifyContent="center"
          >
            {(urlLine[0] ?? '·').toUpperCase()}
          </Box>
          <Text fontSize="xs" color="#4d5156" lineHeight="1.4" minW="0" overflowWrap="anywhere">
            {urlLine}
          </Text>
        </HStack>
        <Text
          mt="2"
          fontSize="lg"
          lineHeight="1.3"
          color="#1a0dab"
          fontStyle={shownTitle ? undefined : 'italic'}
          minW="0"
          overflowWrap="anywhere"
        >
          {shownTitle || 'Titre de la page'}
        </Text>
        <Text
          mt="1"
          fontSize="sm"
          lineHeight="1.55"
          color="#4d5156"
          fontStyle={shownDescription ? undefined : 'italic'}
          minW="0"
          overflowWrap="anywhere"
        >
          {shownDescription || 'Sans description, Google choisit lui-même un extrait de la page.'}
        </Text>
      </Box>
    </Stack>
  );
}

/**
 * A page's search-engine fields (title, description, optionally the picture a shared link shows)
 * with their counters and a preview of the Google result, fallbacks included.
 */
export function SeoFields({
  value,
  onChange,
  fallbackTitle,
  fallbackDescription,
  url,
  errors = {},
  idPrefix,
  showImage = false,
  onUploadImage,
}: SeoFieldsProps) {
  // An upload ends after the person may have typed: it changes the latest value, not the one it began with.
  const latest = useRef(value);
  latest.current = value;

  const titleLength = characterCount(value.title);
  const descriptionLength = characterCount(value.description);
  const fallbackTitleText = fallbackTitle.trim();
  const fallbackDescriptionText = fallbackDescription.trim();

  const imagePreview = value.imageUrl ? (
    <Image
      src={value.imageUrl}
      alt="Image de partage"
      w="28"
      aspectRatio={1.91}
      objectFit="cover"
      rounded="md"
      borderWidth="1px"
      flexShrink={0}
    />
  ) : (
    <Box
      w="28"
      aspectRatio={1.91}
      rounded="md"
      borderWidth="1px"
      borderStyle="dashed"
      flexShrink={0}
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      <Text fontSize="xs" color="fg.muted">
        Aucune image
      </Text>
    </Box>
  );

  async function upload(file: File) {
    if (!onUploadImage) return;
    const imageUrl = await onUploadImage(file);
    onChange({ ...latest.current, imageUrl });
  }

  return (
    <Stack gap="5" minW="0" w="full">
      <FieldShell
        label="Titre pour les moteurs de recherche"
        error={errors.title}
        helper={
          fallbackTitleText
            ? `Laissé vide, le titre sera «\u00a0${fallbackTitleText}\u00a0».`
            : 'Laissé vide, le nom de la page sera utilisé.'
        }
      >
        <FieldTextInput
          name={`${idPrefix}-seo-title`}
          value={value.title}
          placeholder={fallbackTitleText}
          onChange={(e) => onChange({ ...value, title: e.currentTarget.value })}
        />
        <LengthMeter
          length={titleLength}
          advised={SERP_TITLE_LENGTH}
          max={SEO_TITLE_MAX}
          notice={titleNotice(titleLength)}
        />
      </FieldShell>

      <FieldShell
        label="Description"
        error={errors.description}
        helper={
          fallbackDescriptionText
            ? 'Laissée vide, le début du texte de la page sera utilisé (voir l’aperçu).'
            : 'Une ou deux phrases qui donnent envie de cliquer.'
        }
      >
        <FieldTextarea
          name={`${idPrefix}-seo-description`}
          value={value.description}
          placeholder={truncateForSerp(fallbackDescriptionText, SERP_DESCRIPTION_LENGTH)}
          rows={3}
          onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
        />
        <LengthMeter
          length={descriptionLength}
          advised={SERP_DESCRIPTION_LENGTH}
          max={SEO_DESCRIPTION_MAX}
          notice={descriptionNotice(descriptionLength)}
        />
      </FieldShell>

      {showImage ? (
        <FieldShell
          label="Image de partage"
          error={errors.imageUrl}
          helper="Montrée quand le lien de la page est partagé sur WhatsApp ou Facebook."
        >
          <Stack gap="2" minW="0">
            {onUploadImage ? (
              <ImagePicker
                name={`${idPrefix}-seo-image`}
                buttonLabel={value.imageUrl ? 'Changer l’image' : 'Choisir une image'}
                onUpload={upload}
                preview={imagePreview}
              />
            ) : (
              imagePreview
            )}
            {value.imageUrl ? (
              <Button
                size="xs"
                variant="ghost"
                alignSelf="flex-start"
                onClick={() => onChange({ ...value, imageUrl: '' })}
              >
                Retirer l’image
              </Button>
            ) : null}
          </Stack>
        </FieldShell>
      ) : null}

      <SerpPreview
        idPrefix={idPrefix}
        url={url}
        title={value.title.trim() || fallbackTitleText}
        description={value.description.trim() || fallbackDescriptionText}
      />
    </Stack>
  );
}
