import { Box, Card, CloseButton, HStack, Link, Progress, Stack, Text } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import { withShopId } from '@/shared/navigation';
import { useDismissChecklistMutation } from '@/features/shop/client/shop.api';
import type { ChecklistStep, THomeChecklist } from '../../home.schemas';

/** The five first steps, in the order a new shop takes them, each with the page where it is done. */
const STEPS: Array<{ key: ChecklistStep; label: string; hint: string; href: string }> = [
  {
    key: 'products',
    label: 'Ajouter ou importer des produits',
    hint: 'Un seul catalogue pour le site, la caisse et les commandes.',
    href: '/mes-produits',
  },
  {
    key: 'till',
    label: 'Ouvrir la caisse',
    hint: 'Une première session de caisse, sur la tablette du comptoir.',
    href: '/point-de-vente',
  },
  {
    key: 'team',
    label: 'Inviter l’équipe',
    hint: 'Vendeurs, caissiers, gestionnaires de stock : chacun avec son téléphone.',
    href: '/parametres/general?section=equipe',
  },
  {
    key: 'shop',
    label: 'Personnaliser la boutique',
    hint: 'Logo, adresse ou téléphone, imprimés sur les factures et les tickets.',
    href: '/parametres/general?section=boutique',
  },
  {
    key: 'delivery',
    label: 'Configurer la livraison',
    hint: 'Les communes que vous livrez et leurs frais, appliqués d’eux-mêmes aux commandes.',
    href: '/livraison?vue=zones',
  },
];

/**
 * « Pour bien démarrer » on Accueil (admins): each step ticks itself from what the shop did; the
 * list goes once every step is done, or when an admin closes it (kept for the shop). Accueil reads
 * it (`data`) before drawing anything under the greeting, so it never pushes the page down.
 */
export function FirstRunChecklist({ shopId, data }: { shopId: string; data: THomeChecklist | undefined }) {
  const [dismiss, dismissing] = useDismissChecklistMutation();
  if (!data || data.isDismissed) return null;
  const doneCount = STEPS.filter((step) => data.steps[step.key]).length;
  if (doneCount === STEPS.length) return null;

  return (
    <Card.Root as="section" aria-labelledby="first-run-title" data-testid="first-run-checklist">
      <Card.Header>
        <HStack justify="space-between" alignItems="flex-start">
          <Stack gap="1">
            <Card.Title as="h2" id="first-run-title">
              Pour bien démarrer
            </Card.Title>
            <Text color="fg.muted" fontSize="sm" data-testid="first-run-progress">
              {doneCount} étape{doneCount > 1 ? 's' : ''} sur {STEPS.length} terminée
              {doneCount > 1 ? 's' : ''}
            </Text>
          </Stack>
          <CloseButton
            size="sm"
            aria-label={fr('Masquer « Pour bien démarrer »')}
            disabled={dismissing.isLoading}
            onClick={() => void dismiss({ shopId })}
          />
        </HStack>
        <Progress.Root value={(doneCount / STEPS.length) * 100} size="xs" colorPalette="brand" mt="2">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Card.Header>
      <Card.Body pt="4">
        <Stack as="ol" gap="3" listStyleType="none">
          {STEPS.map((step) => {
            const isDone = data.steps[step.key];
            return (
              <HStack
                as="li"
                key={step.key}
                alignItems="flex-start"
                gap="3"
                data-testid={`first-run-step-${step.key}`}
                data-done={isDone}
              >
                <Box color={isDone ? 'green.600' : 'fg.subtle'} fontSize="xl" mt="0.5" aria-hidden>
                  {isDone ? <LuCircleCheck /> : <LuCircle />}
                </Box>
                <Stack gap="0">
                  <Link
                    asChild
                    fontWeight="medium"
                    colorPalette="brand"
                    textDecoration={isDone ? 'line-through' : undefined}
                    color={isDone ? 'fg.muted' : undefined}
                  >
                    <PageLink href={withShopId(step.href, shopId)}>{step.label}</PageLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {isDone ? 'Fait.' : fr(step.hint)}
                  </Text>
                </Stack>
              </HStack>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
