import { Avatar, Badge, Box, Button, Card, HStack, NativeSelect, Skeleton, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';
import dynamic from 'next/dynamic';
import { ApiError } from '@/client/api/api-error';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import { ConfirmDialog } from '@/client/components/ConfirmDialog';
import { FirstOpened } from '@/client/components/FirstOpened';
import { toaster } from '@/client/shell/toaster';
import { formatPhone } from '@/shared/phone-format';
import { AGENT_ROLES, ROLE_LABELS, type AgentRole } from '@/shared/roles';
import type { Agent, Shop } from '@/features/shop/client/shop.api';
import { useGetAllAgentsQuery, useSetAgentActiveMutation, useUpdateAgentRoleMutation } from '../team.api';

// The invitation's dialog, still drawn with Chakra, loads with it when first opened.
const InviteAgentDialog = dynamic(() =>
  loadInChakraIsland(import('./InviteAgentDialog').then((m) => m.InviteAgentDialog)),
);

function refusal(error: unknown): string {
  const apiError = error instanceof ApiError ? error : null;
  return (
    Object.values(apiError?.details ?? {})[0] ?? apiError?.message ?? 'Une erreur est survenue. Réessayez.'
  );
}

function fullName(agent: Agent): string {
  return [agent.firstName, agent.lastName].filter(Boolean).join(' ') || 'Nom à compléter';
}

function AgentRow(props: {
  agent: Agent;
  canManage: boolean;
  isLocked: boolean;
  lockReason?: string;
  onRole: (role: AgentRole) => void;
  onToggle: () => void;
}) {
  const { agent } = props;
  return (
    <HStack
      gap="3"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      flexWrap={{ base: 'wrap', md: 'nowrap' }}
      opacity={agent.isActive ? 1 : 0.6}
      data-testid="team-row"
    >
      <Avatar.Root size="sm" colorPalette="brand">
        {agent.profilePictureUrl ? (
          <Avatar.Image src={agent.profilePictureUrl} alt="" />
        ) : (
          <Avatar.Fallback name={fullName(agent)} />
        )}
      </Avatar.Root>
      <Box flex="1" minW="40">
        <Text fontWeight="medium">
          {fullName(agent)}{' '}
          {props.lockReason ? (
            <Text as="span" color="fg.muted" fontSize="sm">
              ({props.lockReason})
            </Text>
          ) : null}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatPhone(agent.phone)}
          {agent.isActive ? '' : ' · désactivé'}
        </Text>
      </Box>
      {/* On a phone the role and its button go under the name, aligned with it. */}
      <HStack gap="3" pl={{ base: '12', md: '0' }} w={{ base: 'full', md: 'auto' }} flexWrap="wrap">
        {props.canManage && !props.isLocked && agent.isActive ? (
          <NativeSelect.Root size="sm" w="auto">
            <NativeSelect.Field
              aria-label={`Rôle de ${fullName(agent)}`}
              value={agent.role}
              onChange={(e) => props.onRole(e.currentTarget.value as AgentRole)}
            >
              {AGENT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r].label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Badge colorPalette={ROLE_LABELS[agent.role].colorPalette}>{ROLE_LABELS[agent.role].label}</Badge>
        )}
        {props.canManage && !props.isLocked ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette={agent.isActive ? 'red' : 'gray'}
            onClick={props.onToggle}
          >
            {agent.isActive ? 'Désactiver' : 'Réactiver'}
          </Button>
        ) : null}
      </HStack>
    </HStack>
  );
}

/** « Équipe »: administrators invite, change roles and deactivate; supervisors read. */
export function TeamCard({ shop, me, canManage }: { shop: Shop; me: Agent; canManage: boolean }) {
  const agents = useGetAllAgentsQuery({ shopId: shop._id });
  const [updateRole] = useUpdateAgentRoleMutation();
  const [setActive, activeState] = useSetAgentActiveMutation();
  const [isInviteOpen, setInviteOpen] = useState(false);
  const [toToggle, setToToggle] = useState<Agent | null>(null);
  const quota = shop.planQuotas;
  const limit = quota.maxNumberOfAuthorizedAgents;
  const isFull = limit !== 'infinity' && quota.currentNumberOfAuthorizedAgents >= limit;

  async function changeRole(agent: Agent, role: AgentRole) {
    try {
      await updateRole({ shopId: shop._id, agentId: agent._id, role }).unwrap();
      toaster.create({
        title: `${fullName(agent)} est maintenant ${ROLE_LABELS[role].label}`,
        type: 'success',
        duration: 2500,
      });
    } catch (error) {
      toaster.create({
        title: 'Rôle non modifié',
        description: refusal(error),
        type: 'error',
        duration: 4000,
      });
    }
  }

  async function confirmToggle() {
    if (!toToggle) return;
    try {
      await setActive({ shopId: shop._id, agentId: toToggle._id, isActive: !toToggle.isActive }).unwrap();
      setToToggle(null);
    } catch (error) {
      setToToggle(null);
      toaster.create({ title: 'Action refusée', description: refusal(error), type: 'error', duration: 4000 });
    }
  }

  return (
    <Card.Root id="equipe">
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="1">
            <Card.Title as="h2">Équipe</Card.Title>
            <Card.Description>
              {quota.currentNumberOfAuthorizedAgents} agent
              {quota.currentNumberOfAuthorizedAgents > 1 ? 's' : ''} actif
              {quota.currentNumberOfAuthorizedAgents > 1 ? 's' : ''}
              {limit === 'infinity' ? '' : ` sur ${limit} autorisés par votre offre`}
            </Card.Description>
          </Stack>
          {canManage ? (
            <Button colorPalette="brand" size="sm" onClick={() => setInviteOpen(true)} disabled={isFull}>
              <LuUserPlus /> Inviter un agent
            </Button>
          ) : null}
        </HStack>
        {canManage && isFull ? (
          <Text fontSize="sm" color="fg.warning" mt="2">
            Limite d’agents atteinte : désactivez un agent ou passez à une offre supérieure.
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body pt="0">
        {agents.isLoading ? (
          <Stack gap="3">
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : (
          <Stack gap="0">
            {agents.data?.length === 1 && canManage ? (
              <Text fontSize="sm" color="fg.muted" pb="2" data-testid="team-alone">
                {
                  'Vous êtes seul dans l’équipe pour le moment. Invitez vos vendeurs, caissiers et responsables du stock\u00a0: chacun se connecte avec son téléphone et ne voit que ce que son rôle lui permet.'
                }
              </Text>
            ) : null}
            {(agents.data ?? []).map((agent) => {
              const isMe = agent._id === me._id;
              const isOwner = agent.userId === shop.sellerId._id;
              return (
                <AgentRow
                  key={agent._id}
                  agent={agent}
                  canManage={canManage}
                  isLocked={isMe || isOwner}
                  lockReason={isMe ? 'vous' : isOwner ? 'propriétaire' : undefined}
                  onRole={(role) => void changeRole(agent, role)}
                  onToggle={() => setToToggle(agent)}
                />
              );
            })}
          </Stack>
        )}
      </Card.Body>
      {canManage ? (
        <FirstOpened isOpen={isInviteOpen}>
          <InviteAgentDialog shopId={shop._id} isOpen={isInviteOpen} onClose={() => setInviteOpen(false)} />
        </FirstOpened>
      ) : null}
      <ConfirmDialog
        isOpen={!!toToggle}
        onClose={() => setToToggle(null)}
        onConfirm={() => void confirmToggle()}
        title="Demande de confirmation"
        confirmLabel={toToggle?.isActive ? 'Désactiver' : 'Réactiver'}
        colorPalette={toToggle?.isActive ? 'red' : 'brand'}
        isLoading={activeState.isLoading}
      >
        {toToggle?.isActive
          ? `${toToggle ? fullName(toToggle) : ''} n’aura plus accès à la boutique. Son historique est conservé.`
          : `${toToggle ? fullName(toToggle) : ''} retrouvera l’accès à la boutique avec son rôle actuel.`}
      </ConfirmDialog>
    </Card.Root>
  );
}
