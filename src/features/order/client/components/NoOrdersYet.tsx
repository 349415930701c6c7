import { Button } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { LuPlus, LuShoppingCart, LuStore } from 'react-icons/lu';
import { EmptyListState } from '@/client/components/EmptyListState';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';

/** The order list of a shop (or a cashier) without any order yet: where they will come from. */
export function NoOrdersYet({ shopId, role }: { shopId: string; role: AgentRole }) {
  const canCreate = can(role, 'orders:create');
  const canSell = can(role, 'pos:use');
  const description = canCreate
    ? 'Les commandes saisies à la main (téléphone, WhatsApp, réseaux sociaux) et les ventes de la caisse apparaîtront ici.'
    : canSell
      ? 'Vos ventes à la caisse apparaîtront ici.'
      : 'Les commandes de la boutique et les ventes de la caisse apparaîtront ici.';
  return (
    <EmptyListState
      testId="no-orders-yet"
      icon={<LuShoppingCart />}
      title="Aucune commande pour le moment"
      description={description}
      actions={
        canCreate || canSell ? (
          <>
            {canCreate ? (
              <Button asChild colorPalette="brand" size="sm">
                <PageLink href={withShopId('/mes-commandes/nouvelle', shopId)}>
                  <LuPlus /> Nouvelle commande
                </PageLink>
              </Button>
            ) : null}
            {canSell ? (
              <Button asChild variant="outline" size="sm">
                <PageLink href={withShopId('/point-de-vente', shopId)}>
                  <LuStore /> Ouvrir la caisse
                </PageLink>
              </Button>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
