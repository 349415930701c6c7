import { useEffect } from 'react';
import type { AgentRole } from '@/shared/roles';
import { publicEnv } from '../public-env';

export interface AnalyticsProfile {
  distinctId: string;
  properties: {
    $name: string;
    $email: string | null;
    $phone: string;
    role: AgentRole;
    shopId: string | null;
    shopName: string | null;
  };
}

/** SPEC §1: identify by phone, with name, e-mail, role, shop id and shop name. */
export function analyticsProfile(input: {
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: AgentRole;
  shop: { _id: string; name: string } | null;
}): AnalyticsProfile {
  return {
    distinctId: input.phone,
    properties: {
      $name: [input.firstName, input.lastName].filter(Boolean).join(' ') || input.phone,
      $email: input.email,
      $phone: input.phone,
      role: input.role,
      shopId: input.shop?._id ?? null,
      shopName: input.shop?.name ?? null,
    },
  };
}

/** Sends nothing, and loads nothing, unless NEXT_PUBLIC_MIXPANEL_TOKEN was set at build time. */
export function useAnalyticsIdentify(profile: AnalyticsProfile | null): void {
  const key = profile ? JSON.stringify(profile) : null;
  useEffect(() => {
    const token = publicEnv.mixpanelToken;
    if (!token || !key) return;
    const { distinctId, properties } = JSON.parse(key) as AnalyticsProfile;
    void import('mixpanel-browser').then(({ default: mixpanel }) => {
      mixpanel.init(token, { persistence: 'localStorage', track_pageview: false, ip: false });
      mixpanel.identify(distinctId);
      mixpanel.people.set(properties);
      mixpanel.register({ role: properties.role, shopId: properties.shopId, shopName: properties.shopName });
    });
  }, [key]);
}
