import { Heading, Stack, Text } from '@/client/ui';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { AppShell } from '@/client/shell/AppShell';
import { can } from '@/shared/permissions';
import { ShopSettingsCard } from '@/features/shop/client/components/ShopSettingsCard';
import { SignOutEverywhereCard } from '@/features/auth/client/components/SignOutEverywhereCard';
import { ProfileCard } from '../components/ProfileCard';
import { TeamCard } from '../components/TeamCard';

/** Brings `?section=boutique` (the « Ma boutique » menu entry) into view once the page has rendered. */
function useSectionScroll(isReady: boolean) {
  const router = useRouter();
  const section = typeof router.query.section === 'string' ? router.query.section : null;
  useEffect(() => {
    if (isReady && section) document.getElementById(section)?.scrollIntoView({ block: 'start' });
  }, [isReady, section]);
}

function AccountSettings(props: Parameters<Parameters<typeof AppShell>[0]['children']>[0]) {
  const { shop, agent, role } = props;
  useSectionScroll(!!shop && !!agent);
  if (!shop || !agent)
    return (
      <Stack gap="6" maxW="4xl">
        <Text color="fg.muted">Votre compte n’est rattaché à aucune boutique.</Text>
        <SignOutEverywhereCard />
      </Stack>
    );
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="2xl">
        Mon compte
      </Heading>
      <ProfileCard key={`profile-${agent._id}`} shop={shop} agent={agent} />
      {can(role, 'shop:settings') ? <ShopSettingsCard key={`shop-${shop._id}`} shop={shop} /> : null}
      {can(role, 'team:view') ? (
        <TeamCard shop={shop} me={agent} canManage={can(role, 'team:manage')} />
      ) : null}
      <SignOutEverywhereCard />
    </Stack>
  );
}

/**
 * /parametres/general (Mon compte): own profile; the shop's settings and team for administrators;
 * signing out of every device.
 */
export function AccountSettingsScreen() {
  return (
    <AppShell capability="home:view" quotaPage="agents">
      {(context) => <AccountSettings {...context} />}
    </AppShell>
  );
}
