/**
 * Use cases of the website content, info banners and advertisements (docs/product/community-and-content.md#website-content, docs/product/community-and-content.md#info-banners, docs/product/community-and-content.md#advertisements, docs/product/constants.md#defaults),
 * re-exported for the files that import them from here (seed.ts). Contracts in @vetshop/domain
 * contracts/cms.ts. The code lives in:
 *
 * - contents.ts: public reads of pages, snippets and news (`listContents`, `contentByUrl`);
 * - staff-contents.ts: staff list, read, save and delete of contents;
 * - banners.ts: info banners (public and staff);
 * - advertisements.ts: advertisements (public and staff);
 * - validity.ts: what banners and advertisements share (`localized`, dates).
 */
export { contentByUrl, listContents, PUBLIC_FILE_PURPOSES } from './contents.ts';
export { deleteContent, saveContent, staffGetContent, staffListContents } from './staff-contents.ts';
export { localized } from './validity.ts';
export { activeInfoBanners, deleteBanner, saveBanner, staffGetBanner, staffListBanners } from './banners.ts';
export { activeAdvertisements, deleteAd, saveAd, staffGetAd, staffListAds } from './advertisements.ts';
