import { Button, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { LuPackage, LuPlus, LuUpload } from 'react-icons/lu';
import { EmptyListState } from '@/client/components/EmptyListState';
import { withShopId } from '@/shared/navigation';
import { frenchTypography as fr } from '@/shared/typography';

/**
 * The list with no product to show and no filter set: an empty catalogue says how to start (to the
 * roles that may edit it); a catalogue whose products are all archived says where they are.
 */
export function NoProductsYet(props: {
  shopId: string;
  hasArchived: boolean;
  canEdit: boolean;
  onImport: () => void;
}) {
  if (props.hasArchived)
    return (
      <Text color="fg.muted" py="6" textAlign="center">
        {fr(
          'Aucun produit actif ni brouillon : vos produits archivés s’affichent avec le statut « Archivé ».',
        )}
      </Text>
    );
  return (
    <EmptyListState
      testId="no-products-yet"
      icon={<LuPackage />}
      title={props.canEdit ? 'Ajoutez votre premier produit' : 'Aucun produit pour le moment'}
      description={
        props.canEdit
          ? 'Créez vos produits un par un, avec leurs variantes, prix et stock, ou importez votre catalogue depuis un fichier CSV (Excel).'
          : 'Les produits de la boutique apparaîtront ici.'
      }
      actions={
        props.canEdit ? (
          <>
            <Button asChild colorPalette="brand" size="sm">
              <PageLink href={withShopId('/mes-produits/nouveau', props.shopId)}>
                <LuPlus /> Ajouter un produit
              </PageLink>
            </Button>
            <Button variant="outline" size="sm" onClick={props.onImport}>
              <LuUpload /> Importer
            </Button>
          </>
        ) : null
      }
    />
  );
}
