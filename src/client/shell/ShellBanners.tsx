import { Alert, Button, Stack } from '@/client/ui';
import { PageLink } from '@/client/components/PageLink';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { bannerPalette, bannerTickMs, computeBanners, type QuotaPage } from '@/shared/banners';
import { withShopId } from '@/shared/navigation';
import { shopDates, type Shop } from '@/features/shop/client/shop.api';

/** Subscription and quota banners (SPEC §4, §9): one component, the rules in shared/banners.ts. */
export function ShellBanners({ shop, page }: { shop: Shop; page?: QuotaPage }) {
  const router = useRouter();
  const dates = shopDates(shop);
  const [now, setNow] = useState(() => new Date());
  const tick = bannerTickMs(now, dates);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tick);
    return () => clearInterval(timer);
  }, [tick]);

  const banners = computeBanners({
    now,
    ...dates,
    timeZone: shop.timeZone,
    planQuotas: shop.planQuotas,
    message: typeof router.query.message === 'string' ? router.query.message : null,
    page,
  });
  if (banners.length === 0) return null;
  return (
    <Stack gap="2">
      {banners.map((banner) => (
        <Alert.Root
          key={banner.kind}
          status={banner.status}
          colorPalette={bannerPalette(banner)}
          data-banner={banner.kind}
          alignItems="center"
        >
          <Alert.Indicator />
          <Alert.Title flex="1" fontWeight="medium">
            {banner.message}
          </Alert.Title>
          {banner.link ? (
            <Button asChild size="xs" variant="outline" colorPalette={bannerPalette(banner)}>
              <PageLink href={withShopId(banner.link.href, shop._id)}>{banner.link.label}</PageLink>
            </Button>
          ) : null}
        </Alert.Root>
      ))}
    </Stack>
  );
}
