/**
 * The DOM names shared by the server-rendered info banners (components/cms/SiteBanners.tsx) and
 * their closing island (components/cms/InfoBanners.tsx), in a module of their own: a server
 * component that imported them from the island's `'use client'` module would get client references,
 * not strings, and would make the island part of every page's first-load JavaScript.
 */

/** Id of the info banners' container: the closing island finds the banners under it. */
export const INFO_BANNERS_ID = 'info-banners';

/** Attribute of each banner's close button, rendered `hidden` until the closing island arrives. */
export const BANNER_CLOSE_ATTRIBUTE = 'data-info-banner-close';
