/**
 * Contact form contracts (contracts/lead.ts): the answers schema built from a definition (the one
 * the api and the contact page share) and the rules of a stored definition.
 */
import { describe, expect, it } from 'vitest';
import { answersSchema, formDefinitionSchema, toPublicForm, type FormDefinition } from './lead.ts';

const definition: FormDefinition = {
  fields: [
    {
      name: 'subject',
      type: 'select',
      required: true,
      label: { fr: 'Sujet', en: 'Subject' },
      options: [{ value: 'order', label: { fr: 'Commande', en: 'Order' } }],
    },
    { name: 'email', type: 'email', required: true, label: { fr: 'E-mail' } },
    { name: 'note', type: 'text', required: false, max_length: 5, label: { fr: 'Note' } },
    { name: 'qty', type: 'number', required: false, min: 1, max: 9, label: { fr: 'Qté' } },
    { name: 'ok', type: 'checkbox', required: true, label: { fr: 'OK' } },
  ],
};
const form = toPublicForm(
  {
    id: 1,
    code: 'c',
    name: { fr: 'Contact', en: 'Contact us' },
    sequence: 0,
    definition,
    options: { attachments: false },
  },
  'en',
);
const codes = (value: unknown) => {
  const r = answersSchema(form).safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('contact form answers (docs/product/community-and-content.md#forms)', () => {
  it('serves labels in the locale, falling back to fr', () => {
    expect(form.name).toBe('Contact us');
    expect(form.fields[0]!.options[0]!.label).toBe('Order');
    expect(form.fields[1]!.label).toBe('E-mail');
    expect(form.fields[2]!.max_length).toBe(5);
    expect(form.fields[1]!.max_length).toBe(254);
  });

  it('accepts valid answers: emails lower-cased, numbers from text, empty optional answers', () => {
    const r = answersSchema(form).parse({ subject: 'order', email: 'A@B.be', note: '', qty: '3', ok: true });
    expect(r).toEqual({ subject: 'order', email: 'a@b.be', note: '', qty: 3, ok: true });
  });

  it('names each broken answer with its code', () => {
    expect(codes({ subject: '', email: '', ok: false })).toEqual(
      expect.arrayContaining(['subject:required', 'email:required', 'ok:required']),
    );
    expect(codes({ subject: 'x', email: 'nope', note: '123456', qty: 10, ok: true })).toEqual(
      expect.arrayContaining([
        'subject:invalid_option',
        'email:invalid_email',
        'note:too_long',
        'qty:too_big',
      ]),
    );
    expect(codes({ subject: 'order', email: 'a@b.be', ok: true, qty: 'many' })).toEqual([
      'qty:invalid_number',
    ]);
    expect(codes({ subject: 'order', email: 'a@b.be', ok: true, extra: 1 })).toEqual([':unknown_field']);
    // Missing answers are empty ones: required fields say so, optional ones pass.
    expect(codes({})).toEqual(['subject:required', 'email:required', 'ok:required']);
  });

  it('refuses definitions without a required email field, with duplicate names or selects without options', () => {
    expect(formDefinitionSchema.safeParse(definition).success).toBe(true);
    const messages = (d: unknown) => {
      const r = formDefinitionSchema.safeParse(d);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ fields: [{ name: 'name', type: 'text', label: { fr: 'Nom' } }] })).toContain(
      'email_field_required',
    );
    expect(messages({ fields: [...definition.fields, definition.fields[2]] })).toContain('duplicate_field');
    expect(
      messages({ fields: [...definition.fields, { name: 'kind', type: 'select', label: { fr: 'Type' } }] }),
    ).toContain('options_required');
  });
});
