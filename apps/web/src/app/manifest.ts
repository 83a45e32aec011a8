import type { MetadataRoute } from 'next';
import fr from '../../messages/fr.json';

/**
 * /manifest.webmanifest, linked from the locale layout; start URL `/` picks the locale.
 * Icons: the SVG and its PNGs (192, 512 and a maskable 512; docs/decisions/service-worker-caching.md).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: fr.meta.homeTitle,
    short_name: fr.meta.siteName,
    description: fr.meta.manifestDescription,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0C4E99',
    // PNGs generated from icon.svg by scripts/icons.mjs (installability needs 192 and 512 px PNGs).
    // Without `purpose` an icon has the manifest's default purpose (shown as is); one is maskable.
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
