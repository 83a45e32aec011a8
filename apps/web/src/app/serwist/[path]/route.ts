import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createSerwistRoute } from '@serwist/turbopack';
import { offlinePrecacheTransform } from '@/lib/shell/precache-scope';

/** Revision of the offline pages: new with every build (their CSS chunk names change per build). */
const revision = randomUUID();

/**
 * /serwist/sw.js (also served at /sw.js through a rewrite in next.config.ts): the service worker of
 * src/app/sw.ts bundled with native esbuild when the site is built (static route: the file is
 * produced by every `next build`), with the precache manifest of Next's static files, scoped to the
 * code of the pages shown offline (lib/shell/precache-scope.ts), and the three offline pages
 * /offline/{fr,nl,en}. Answers `Service-Worker-Allowed: /`.
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/app/sw.ts',
  useNativeEsbuild: true,
  additionalPrecacheEntries: ['fr', 'nl', 'en'].map((lang) => ({ url: `/offline/${lang}`, revision })),
  manifestTransforms: [offlinePrecacheTransform(path.join(process.cwd(), '.next'))],
  esbuildOptions: { sourcemap: false },
});
