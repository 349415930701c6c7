import { Head, Html, Main, NextScript } from 'next/document';

export default function Document() {
  return (
    <Html lang="fr">
      <Head>
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#E8590C" />
        {/* What every page needs before any script or style sheet, whichever way it is drawn (Chakra's
            preflight gives the back office the same and more; the light pages get only this):
            inline, so no request holds the first paint. */}
        <style>{'html,body{margin:0;padding:0;-webkit-text-size-adjust:100%;text-size-adjust:100%}'}</style>
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
