/**
 * Server-side client of the contact api (docs/product/community-and-content.md#contact; contracts in @vetshop/domain contracts/lead.ts):
 * GET form for the contact page and the staff lists of leads and forms (GET /staff/leads,
 * /staff/leads/{id}, /staff/forms, /staff/forms/{id} through lib/api/staff.ts `staffGet`).
 * Errors: a failed answer throws ApiError (404 unknown id, 401/403 for staff routes), a network
 * failure ApiError 503 `api_unavailable`, an answer that breaks the contract ApiError 502 `bad_response`.
 */
import { z } from 'zod';
import {
  leadListSchema,
  leadSchema,
  publicFormSchema,
  staffFormSchema,
  type Lead,
  type LeadList,
  type LeadState,
  type Locale,
  type PublicForm,
  type StaffForm,
} from '@vetshop/domain';
import { apiGet } from './client';
import { staffGet } from './staff';

/** The active contact forms with labels in `locale` (GET form; never cached: staff edits show at once). */
function forms(locale: Locale): Promise<PublicForm[]> {
  return apiGet('/form', z.array(publicFormSchema), {
    locale,
    query: { lang: locale },
    forwardCookies: true,
  });
}

/** Contact api calls of the web server. */
export const contactApi = {
  forms,
  /** GET /staff/leads: `state` new, handled or all; pages from 1. */
  leads: (
    locale: Locale,
    query: { state: LeadState | 'all'; page: number; per_page: number },
  ): Promise<LeadList> => staffGet('/staff/leads', leadListSchema, locale, query),
  /** GET /staff/leads/{id}. */
  lead: (locale: Locale, id: number): Promise<Lead> => staffGet(`/staff/leads/${id}`, leadSchema, locale),
  /** GET /staff/forms (every form, active or not). */
  staffForms: (locale: Locale): Promise<StaffForm[]> =>
    staffGet('/staff/forms', z.array(staffFormSchema), locale),
  /** GET /staff/forms/{id}. */
  staffForm: (locale: Locale, id: number): Promise<StaffForm> =>
    staffGet(`/staff/forms/${id}`, staffFormSchema, locale),
};
