// Security headers for everything Next answers: pages, its own files, and next-auth under /api/auth.
// The rest of /api is answered by server.ts before Next and never reaches these: its headers are
// set by the API dispatcher (src/server/http/api-dispatch.ts) on every answer it gives.
import path from 'node:path';

const isDev = process.env.NODE_ENV !== 'production';

/** Images stored on S3 are shown from their public origin, which the CSP must allow (read at build time). */
function s3ImageOrigin() {
  const base = process.env.S3_PUBLIC_URL || process.env.S3_ENDPOINT;
  if (!base || !process.env.S3_BUCKET) return '';
  try {
    const url = new URL(base);
    const virtualHosted = process.env.S3_FORCE_PATH_STYLE === 'false' && !process.env.S3_PUBLIC_URL;
    return ` ${url.protocol}//${virtualHosted ? `${process.env.S3_BUCKET}.` : ''}${url.host}`;
  } catch {
    return '';
  }
}

const contentSecurityPolicy = [
  "default-src 'self'",
  // Next's dev overlay needs eval; production never does.
  `script-src 'self'${isDev ? " 'unsafe-eval' 'unsafe-inline'" : ''}`,
  // Emotion (Chakra) injects <style> tags at run time.
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob:${s3ImageOrigin()}`,
  "font-src 'self' data:",
  // Analytics calls leave the site only when a Mixpanel token is configured.
  `connect-src 'self'${process.env.NEXT_PUBLIC_MIXPANEL_TOKEN ? ' https://api-js.mixpanel.com' : ''}`,
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'socket.io', 'drizzle-orm'],
  // The app runs from its checkout (server.ts, node_modules beside it), never from a traced
  // standalone copy: walking node_modules for the server's file traces took a minute of each build.
  outputFileTracingExcludes: { '*': ['**/*'] },
  // `npm test` runs tsc and ESLint over the whole project just before it builds: its build
  // (BUILD_CHECKED=1) does not run them a second time. Any other build still does.
  ...(process.env.BUILD_CHECKED === '1'
    ? { eslint: { ignoreDuringBuilds: true }, typescript: { ignoreBuildErrors: true } }
    : {}),
  // Chakra's theme files one by one (src/client/theme.ts): its theme index, which builds every
  // recipe into the default theme, stays out of the bundle. tsconfig.json and vitest.config.ts
  // name the same folder.
  webpack(config, { webpack, isServer }) {
    config.resolve.alias['@chakra-theme'] = path.resolve('node_modules/@chakra-ui/react/dist/esm/theme');
    // The components of `@/client/ui` and Panda's generated runtime do nothing as they load: a page
    // importing a few of them keeps only those (and none of the others' Ark machines).
    config.module.rules.push({
      test: /[\\/](src[\\/]client[\\/]ui|styled-system)[\\/].*\.(mjs|ts|tsx)$/,
      sideEffects: false,
    });
    // Shared chunks under 30 KB of source stay inside the chunks that use them (Next's floor is 20 KB):
    // a page that starts sharing a few modules with the back office (the till, drawn with the kit)
    // otherwise splits a chunk every back-office page loads in two, and each page pays the second
    // file's compression overhead (the order editor went 199.4 → 200.1 KB). Every page measured
    // lighter or the same with it (`npm run test:bundles`).
    if (!isServer && config.optimization.splitChunks) config.optimization.splitChunks.minSize = 30000;
    // zod's `locales` namespace (every language it speaks) stays in the browser's bundle even
    // unused: there, it is the two the app can use (src/client/zod-locales.ts).
    if (!isServer)
      config.plugins.push(
        new webpack.NormalModuleReplacementPlugin(/^\.\.\/locales\/index\.js$/, (resource) => {
          if (/[\\/]zod[\\/]v4[\\/]/.test(resource.context))
            resource.request = path.resolve('src/client/zod-locales.ts');
        }),
        // V8's explicit compile hint (Chrome 136 and later): a script that starts with this comment
        // is compiled whole while it streams in, on a background thread. Without it, each webpack
        // module was compiled on the main thread the moment it was first required: 350 to 620 ms
        // of main thread on Lighthouse's 4× slower CPU for /, /mes-commandes and the till, most of
        // their blocking time (issue 20). Added after minification, which would strip it, and
        // before the content hash, so the file's name follows it. Not on the polyfills, which a
        // browser that reads the hint never runs.
        new webpack.BannerPlugin({
          banner: '//# allFunctionsCalledOnLoad',
          raw: true,
          test: /\.js$/,
          exclude: /polyfills/,
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
        }),
      );
    return config;
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Content-Security-Policy', value: contentSecurityPolicy },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default nextConfig;
