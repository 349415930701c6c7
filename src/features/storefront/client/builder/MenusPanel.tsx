import { Box, Button, Checkbox, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { FieldShell, TextField } from '@/client/components/form';
import type { MenuLink, StorefrontLayout } from '@/shared/storefront/layout';
import { newLink, type TargetOption } from './design-edit';
import { MoveButtons } from './MoveButtons';
import { TargetField } from './TargetField';

function MenuEditor(props: {
  where: 'header' | 'footer';
  shopId: string;
  links: MenuLink[];
  targets: TargetOption[];
  errors: Record<string, string>;
  emptyHint: string;
  onChange: (links: MenuLink[]) => void;
}) {
  const { links, where } = props;
  return (
    <Stack gap="2">
      {links.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {props.emptyHint}
        </Text>
      ) : null}
      {links.map((link, i) => (
        <Box key={link.id} borderWidth="1px" rounded="md" p="3" bg="bg">
          <Stack gap="2">
            <TextField
              label="Texte du lien"
              name={`${where}.menu.${i}.label`}
              value={link.label}
              error={props.errors[`${where}.menu.${i}.label`]}
              onChange={(label) => props.onChange(links.map((l) => (l.id === link.id ? { ...l, label } : l)))}
            />
            <TargetField
              label="Mène à"
              name={`${where}.menu.${i}.target`}
              value={link.target}
              error={props.errors[`${where}.menu.${i}.target`]}
              shopId={props.shopId}
              options={props.targets}
              onChange={(target) =>
                props.onChange(links.map((l) => (l.id === link.id ? { ...l, target } : l)))
              }
            />
            <HStack justify="flex-end">
              <MoveButtons
                items={links}
                index={i}
                name={`lien ${link.label}`}
                removeLabel="Retirer"
                onChange={props.onChange}
              />
            </HStack>
          </Stack>
        </Box>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={links.length >= 12}
        onClick={() => props.onChange([...links, newLink()])}
      >
        <LuPlus /> Ajouter un lien
      </Button>
    </Stack>
  );
}

/** The header's menu and search, the footer's menu and text. */
export function MenusPanel(props: {
  shopId: string;
  layout: StorefrontLayout;
  targets: TargetOption[];
  errors: Record<string, string>;
  onChange: (next: StorefrontLayout) => void;
}) {
  const { layout, onChange } = props;
  return (
    <Stack gap="6">
      <Stack gap="3">
        <Text fontWeight="semibold" fontSize="lg">
          Menu du haut
        </Text>
        <MenuEditor
          where="header"
          shopId={props.shopId}
          links={layout.header.menu}
          targets={props.targets}
          errors={props.errors}
          emptyHint="Sans lien choisi, le menu montre « Tout le catalogue » puis vos catégories principales."
          onChange={(menu) => onChange({ ...layout, header: { ...layout.header, menu } })}
        />
        <Checkbox.Root
          checked={layout.header.showsSearch}
          onCheckedChange={(e) =>
            onChange({ ...layout, header: { ...layout.header, showsSearch: !!e.checked } })
          }
        >
          <Checkbox.HiddenInput name="showsSearch" />
          <Checkbox.Control />
          <Checkbox.Label>Afficher la recherche de produits</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
      <Stack gap="3">
        <Text fontWeight="semibold" fontSize="lg">
          Pied de page
        </Text>
        <MenuEditor
          where="footer"
          shopId={props.shopId}
          links={layout.footer.menu}
          targets={props.targets}
          errors={props.errors}
          emptyHint="Sans lien choisi, le pied de page montre vos pages qui ont du contenu."
          onChange={(menu) => onChange({ ...layout, footer: { ...layout.footer, menu } })}
        />
        <FieldShell label="Texte du pied de page (facultatif)" error={props.errors['footer.text']}>
          <Textarea
            name="footerText"
            rows={2}
            maxLength={500}
            value={layout.footer.text}
            onChange={(e) =>
              onChange({ ...layout, footer: { ...layout.footer, text: e.currentTarget.value } })
            }
          />
        </FieldShell>
      </Stack>
    </Stack>
  );
}
