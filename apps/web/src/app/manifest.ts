import type { MetadataRoute } from 'next';
import fr from '../../messages/fr.json';

/** /manifest.webmanifest (spec 2), linked from the locale layout; start URL `/` picks the locale. */
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
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
