export { catalogApi, CATALOG_REVALIDATE_SECONDS, buildQueryString, type SearchParamsForApi } from './client';
export { ApiError } from './errors';
