import type { ReactNode } from 'react';
import { LogoMark } from '@/client/brand/LogoMark';
import { css } from '@/client/lean/ui';

/**
 * The sign-in steps: a brand panel beside the form on wide screens, the form alone on phones.
 * Drawn with the light pages' plain CSS (src/client/lean): the first page a seller opens loads no
 * styling runtime, no store and no API client.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={css.root}>
      {/* Landmarks: the brand panel beside, the form as the page's main content. */}
      <aside className={css.aside}>
        <div className={css.asideLogo}>
          <LogoMark size={28} />
          Comptoir
        </div>
        <div>
          <h2 className={css.asideTitle}>Vendez partout, gérez tout au même endroit.</h2>
          <p className={css.asideText}>
            Boutique en ligne, caisse, WhatsApp, livraison et paiements mobiles : un seul catalogue, un seul
            stock.
          </p>
        </div>
        <p className={css.small}>Conçu pour les commerçants d’Afrique francophone.</p>
      </aside>
      <main className={css.main}>
        <div className={`${css.card} ${css.stack6}`}>
          <div className={css.cardLogo}>
            <LogoMark size={36} />
          </div>
          <div className={css.stack2}>
            <h1 className={css.title}>{title}</h1>
            {subtitle ? <p className={css.muted}>{subtitle}</p> : null}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
