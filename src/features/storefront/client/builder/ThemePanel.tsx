import { Box, Button, HStack, Image, Input, RadioCard, Stack, Text } from '@chakra-ui/react';
import { ImagePicker } from '@/client/components/ImagePicker';
import { useUploadShopLogoMutation } from '@/features/shop/client/shop.api';
import { FieldShell, TextField } from '@/client/components/form';
import { THEMES, THEME_LABELS, type StorefrontLayout, type ThemeId } from '@/shared/storefront/layout';
import { contrastWithWhite, MIN_CONTRAST } from '@/shared/storefront/colors';
import { SiteImageField } from './SectionFields';

/** The theme, the colour (suggested from the logo), the favicon, WhatsApp and social links. */
export function ThemePanel(props: {
  shopId: string;
  layout: StorefrontLayout;
  suggestedColors: string[];
  errors: Record<string, string>;
  onChange: (next: StorefrontLayout) => void;
  logoUrl: string | null;
  /** Admins change the shop's logo here too (it is the shop's, shown on receipts as on the site). */
  canChangeLogo: boolean;
  /** The logo changed: its colours are suggested anew. */
  onLogoChanged: () => void;
}) {
  const { layout, errors, onChange } = props;
  const [uploadLogo] = useUploadShopLogoMutation();
  const brand = layout.brand;
  const setBrand = (next: Partial<StorefrontLayout['brand']>) =>
    onChange({ ...layout, brand: { ...brand, ...next } });
  const color = layout.primaryColor;
  const readable = /^#[0-9a-fA-F]{6}$/.test(color) && contrastWithWhite(color) >= MIN_CONTRAST;
  return (
    <Stack gap="6">
      <RadioCard.Root
        value={layout.theme}
        onValueChange={(e) => onChange({ ...layout, theme: e.value as ThemeId })}
        colorPalette="brand"
      >
        <RadioCard.Label fontWeight="semibold">Thème</RadioCard.Label>
        <Stack gap="2" mt="2">
          {THEMES.map((theme) => (
            <RadioCard.Item key={theme} value={theme}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{THEME_LABELS[theme].name}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{THEME_LABELS[theme].description}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </Stack>
      </RadioCard.Root>

      <FieldShell
        label="Logo"
        helper={
          props.canChangeLogo
            ? 'Le logo de la boutique : sur le site, les tickets et les factures.'
            : 'Le logo de la boutique se change dans Paramètres, par un administrateur.'
        }
      >
        {props.canChangeLogo ? (
          <ImagePicker
            name="logo"
            buttonLabel={props.logoUrl ? 'Changer le logo' : 'Choisir un logo'}
            preview={<LogoPreview url={props.logoUrl} />}
            onUpload={async (file) => {
              await uploadLogo({ shopId: props.shopId, file }).unwrap();
              props.onLogoChanged();
            }}
          />
        ) : (
          <LogoPreview url={props.logoUrl} />
        )}
      </FieldShell>

      <FieldShell
        label="Couleur principale"
        error={errors.primaryColor}
        helper="Boutons et bandeau : le texte y est blanc, choisissez une teinte foncée."
      >
        <Stack gap="2">
          <HStack>
            <Input
              type="color"
              aria-label="Choisir la couleur"
              value={/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#000000'}
              onChange={(e) => onChange({ ...layout, primaryColor: e.currentTarget.value })}
              w="16"
              p="1"
            />
            <Input
              name="primaryColor"
              value={color}
              maxLength={7}
              onChange={(e) => onChange({ ...layout, primaryColor: e.currentTarget.value.trim() })}
              maxW="32"
            />
            <Box
              px="3"
              py="1.5"
              rounded="md"
              bg={readable ? color : 'gray.300'}
              color="white"
              fontWeight="bold"
              fontSize="sm"
            >
              Aperçu
            </Box>
          </HStack>
          {props.suggestedColors.length ? (
            <HStack gap="2" flexWrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                Couleurs de votre logo :
              </Text>
              {props.suggestedColors.map((c) => (
                <Button
                  key={c}
                  size="xs"
                  bg={c}
                  color="white"
                  aria-label={`Prendre la couleur ${c} du logo`}
                  onClick={() => onChange({ ...layout, primaryColor: c })}
                >
                  {c}
                </Button>
              ))}
            </HStack>
          ) : null}
        </Stack>
      </FieldShell>

      <SiteImageField
        shopId={props.shopId}
        label="Favicon (icône de l’onglet)"
        helper="Vide : le logo de la boutique."
        name="faviconUrl"
        value={brand.faviconUrl}
        error={errors['brand.faviconUrl']}
        onChange={(faviconUrl) => setBrand({ faviconUrl })}
      />
      <TextField
        label="Numéro WhatsApp de la boutique"
        name="whatsappPhone"
        inputMode="tel"
        placeholder="+221 77 123 45 67"
        helper="Vide : le téléphone de la boutique. Utilisé par les boutons WhatsApp du site."
        value={brand.whatsappPhone}
        error={errors['brand.whatsappPhone']}
        onChange={(whatsappPhone) => setBrand({ whatsappPhone })}
      />
      {(['facebook', 'instagram', 'tiktok'] as const).map((network) => (
        <TextField
          key={network}
          label={`Page ${network === 'tiktok' ? 'TikTok' : network === 'facebook' ? 'Facebook' : 'Instagram'} (facultatif)`}
          name={`social.${network}`}
          placeholder={`https://www.${network}.com/…`}
          value={brand.social[network]}
          error={errors[`brand.social.${network}`]}
          onChange={(url) => setBrand({ social: { ...brand.social, [network]: url } })}
        />
      ))}
    </Stack>
  );
}

function LogoPreview({ url }: { url: string | null }) {
  return url ? (
    <Image src={url} alt="Logo actuel" boxSize="16" objectFit="contain" rounded="md" borderWidth="1px" />
  ) : (
    <Box boxSize="16" rounded="md" borderWidth="1px" bg="bg.muted" />
  );
}
