/**
 * Default contact forms (docs/product/community-and-content.md#contact): the general contact form (subject among the requirements' lead
 * subjects, attachments allowed), an order question (subject `order`, attachments allowed) and a
 * registration question (subject `membership`). Deterministic; inserted only when the forms table is
 * empty, so staff edits and deletions are kept across restarts (idempotent).
 */
import { count } from 'drizzle-orm';
import { LEAD_SUBJECTS, type FormInput } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { forms } from '../../db/schema.ts';

const name = { fr: 'Nom et prénom', nl: 'Naam en voornaam', en: 'Full name' };
const email = { fr: 'Adresse e-mail', nl: 'E-mailadres', en: 'Email address' };
const phone = { fr: 'Téléphone', nl: 'Telefoon', en: 'Phone' };
const company = { fr: 'Cabinet ou société', nl: 'Praktijk of bedrijf', en: 'Practice or company' };
const message = { fr: 'Votre message', nl: 'Uw bericht', en: 'Your message' };

/** The default forms, in display order. */
export const DEFAULT_FORMS: FormInput[] = [
  {
    code: 'contact',
    name: { fr: 'Nous contacter', nl: 'Contact opnemen', en: 'Contact us' },
    sequence: 10,
    active: true,
    options: { attachments: true },
    definition: {
      fields: [
        {
          name: 'subject',
          type: 'select',
          required: true,
          label: { fr: 'Sujet', nl: 'Onderwerp', en: 'Subject' },
          options: LEAD_SUBJECTS.map((s) => ({ value: s.code, label: { ...s.names } })),
        },
        { name: 'name', type: 'text', required: true, label: name, max_length: 200 },
        { name: 'company', type: 'text', required: false, label: company, max_length: 200 },
        { name: 'email', type: 'email', required: true, label: email },
        { name: 'phone', type: 'tel', required: false, label: phone },
        {
          name: 'address',
          type: 'text',
          required: false,
          label: { fr: 'Adresse', nl: 'Adres', en: 'Address' },
          max_length: 500,
        },
        { name: 'description', type: 'textarea', required: true, label: message, max_length: 5000 },
      ],
    },
  },
  {
    code: 'order_question',
    name: { fr: 'Question sur une commande', nl: 'Vraag over een bestelling', en: 'Question about an order' },
    sequence: 20,
    active: true,
    options: { subject: 'order', attachments: true },
    definition: {
      fields: [
        { name: 'name', type: 'text', required: true, label: name, max_length: 200 },
        { name: 'company', type: 'text', required: false, label: company, max_length: 200 },
        { name: 'email', type: 'email', required: true, label: email },
        { name: 'phone', type: 'tel', required: false, label: phone },
        {
          name: 'order_reference',
          type: 'text',
          required: false,
          label: { fr: 'Numéro de commande', nl: 'Bestelnummer', en: 'Order number' },
          max_length: 40,
        },
        { name: 'description', type: 'textarea', required: true, label: message, max_length: 5000 },
      ],
    },
  },
  {
    code: 'registration_question',
    name: {
      fr: 'Question sur l’ouverture d’un compte',
      nl: 'Vraag over een account aanvragen',
      en: 'Question about opening an account',
    },
    sequence: 30,
    active: true,
    options: { subject: 'membership', attachments: false },
    definition: {
      fields: [
        { name: 'name', type: 'text', required: true, label: name, max_length: 200 },
        { name: 'company', type: 'text', required: false, label: company, max_length: 200 },
        { name: 'email', type: 'email', required: true, label: email },
        { name: 'mobile', type: 'tel', required: false, label: { fr: 'GSM', nl: 'Gsm', en: 'Mobile' } },
        {
          name: 'profession',
          type: 'select',
          required: true,
          label: { fr: 'Profession', nl: 'Beroep', en: 'Profession' },
          options: [
            { value: 'veterinary', label: { fr: 'Vétérinaire', nl: 'Dierenarts', en: 'Veterinarian' } },
            {
              value: 'nurse',
              label: { fr: 'Assistant(e) vétérinaire', nl: 'Dierenartsassistent(e)', en: 'Veterinary nurse' },
            },
            { value: 'student', label: { fr: 'Étudiant(e)', nl: 'Student(e)', en: 'Student' } },
            { value: 'pharmacist', label: { fr: 'Pharmacien(ne)', nl: 'Apotheker', en: 'Pharmacist' } },
            { value: 'other', label: { fr: 'Autre', nl: 'Andere', en: 'Other' } },
          ],
        },
        { name: 'description', type: 'textarea', required: true, label: message, max_length: 5000 },
      ],
    },
  },
];

/** Inserts DEFAULT_FORMS when no form exists; returns how many were inserted (0 or 3). */
export async function seedDefaultForms(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(forms);
  if (Number(row?.n ?? 0) > 0) return 0;
  const inserted = await db
    .insert(forms)
    .values(
      DEFAULT_FORMS.map((f) => ({
        code: f.code,
        name: f.name,
        definition: f.definition,
        options: f.options,
        sequence: f.sequence,
        active: f.active,
      })),
    )
    .onConflictDoNothing({ target: forms.code })
    .returning({ id: forms.id });
  return inserted.length;
}
