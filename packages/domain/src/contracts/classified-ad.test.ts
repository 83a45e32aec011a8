/**
 * Small-ad contract (docs/product/community-and-content.md#small-ad-rules): dd/mm/yyyy ↔ yyyy-mm-dd, the web form schema (dates typed
 * dd/mm/yyyy, expiry not before publication, body ≤ 500 characters, enums) and the api input.
 */
import { describe, expect, it } from 'vitest';
import {
  classifiedAdFormSchema,
  classifiedAdInputSchema,
  displayDateToIso,
  isoDateToDisplay,
} from './classified-ad.ts';

const form = {
  name: 'Cabinet à remettre',
  date_start: '01/06/2026',
  date_end: '30/06/2026',
  category: 'clientele',
  country_state_code: 'WLG',
  body: 'Texte',
  contact: 'Dr Martin',
  phone: '+32 4 123 45 67',
  email: 'Martin@Example.test',
};

function codes(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('small-ad dates', () => {
  it('converts dd/mm/yyyy to yyyy-mm-dd and back, refusing impossible dates', () => {
    expect(displayDateToIso('31/12/2026')).toBe('2026-12-31');
    expect(displayDateToIso('1/2/2026')).toBe('2026-02-01');
    expect(displayDateToIso('29/02/2028')).toBe('2028-02-29');
    expect(displayDateToIso('29/02/2026')).toBeNull();
    expect(displayDateToIso('2026-12-31')).toBeNull();
    expect(displayDateToIso('31/13/2026')).toBeNull();
    expect(isoDateToDisplay('2026-12-31')).toBe('31/12/2026');
    expect(isoDateToDisplay(null)).toBe('');
  });
});

describe('small-ad form schema', () => {
  it('outputs iso dates and a lower-cased email', () => {
    const r = classifiedAdFormSchema.safeParse(form);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      date_start: '2026-06-01',
      date_end: '2026-06-30',
      email: 'martin@example.test',
    });
  });

  it('gives stable codes per field', () => {
    expect(codes(classifiedAdFormSchema.safeParse({ ...form, date_end: '31/05/2026' }))).toEqual([
      'date_end:date_end_before_start',
    ]);
    expect(codes(classifiedAdFormSchema.safeParse({ ...form, date_start: '2026-06-01' }))).toEqual([
      'date_start:invalid_date',
    ]);
    expect(codes(classifiedAdFormSchema.safeParse({ ...form, body: 'x'.repeat(501) }))).toEqual([
      'body:too_long',
    ]);
    expect(classifiedAdFormSchema.safeParse({ ...form, body: 'x'.repeat(500) }).success).toBe(true);
    expect(
      codes(classifiedAdFormSchema.safeParse({ ...form, name: ' ', category: '', country_state_code: 'XX' })),
    ).toEqual(['name:required', 'category:required', 'country_state_code:unknown_region']);
  });

  it('api input takes iso dates and file_delete', () => {
    const r = classifiedAdInputSchema.safeParse({
      ...form,
      date_start: '2026-06-01',
      date_end: '2026-06-30',
      file_delete: 'true',
    });
    expect(r.data?.file_delete).toBe(true);
    expect(
      codes(classifiedAdInputSchema.safeParse({ ...form, date_start: '01/06/2026', date_end: '2026-06-30' })),
    ).toEqual(['date_start:invalid_date']);
  });
});
