'use client';

import { useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import {
  staffImageSchema,
  staffProductImagesSchema,
  type Locale,
  type StaffImage,
  type StaffProductImages,
} from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { toFormProblem } from '@/lib/form-errors';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import {
  FormMessage,
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '@/components/account/fields';
import { ProductPicture } from './ProductPicture';
import { messageOr } from '@/i18n/keys';
import { FileInput } from '@/components/ui/form/FileInput';

const LOCALES = ['fr', 'nl', 'en'] as const;
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * The picture editor of one product in the back office (docs/decisions/product-pictures.md):
 * upload (POST /api/staff/products/{id}/images, multipart: file, alt_fr|nl|en, tag, variant_id),
 * and per picture: alt text per language, tag and variant (PUT /api/staff/images/{id}), move up
 * or down (PUT /api/staff/products/{id}/images/order), delete after confirmation
 * (DELETE /api/staff/images/{id}). Refusals (a file that is not a picture, too small, too large)
 * are shown in the user's language from `images.staff.errors.<code>`. Test ids:
 * `images-upload-form`, `images-upload-file`, `images-upload-submit`, `images-row`,
 * `images-save`, `images-up`, `images-down`, `images-delete`, `images-message`.
 */
export function StaffImagesEditor({ locale, initial }: { locale: Locale; initial: StaffProductImages }) {
  const t = useTranslations('images.staff');
  const confirm = useConfirm();
  const [images, setImages] = useState<StaffImage[]>(initial.images);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const productId = initial.product.id;

  const fail = (code: string) =>
    setMessage({ kind: 'error', text: messageOr(t, `errors.${code}`, t('errors.generic')) });

  const upload = (form: HTMLFormElement) =>
    startTransition(async () => {
      setMessage(null);
      let res: Response;
      try {
        res = await fetch(`/api/staff/products/${productId}/images?lang=${locale}`, {
          method: 'POST',
          body: new FormData(form),
          headers: { accept: 'application/json', 'accept-language': locale },
          credentials: 'same-origin',
        });
      } catch {
        fail('network_error');
        return;
      }
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        fail(toFormProblem(res.status, body).code);
        return;
      }
      const uploaded = staffImageSchema.safeParse(body);
      if (!uploaded.success) {
        fail('bad_response');
        return;
      }
      setImages((list) => [...list, uploaded.data]);
      form.reset();
      setMessage({ kind: 'success', text: t('uploaded') });
    });

  const order = (ids: number[]) =>
    startTransition(async () => {
      setMessage(null);
      const result = await callApi('PUT', `/staff/products/${productId}/images/order`, {
        locale,
        schema: staffProductImagesSchema,
        body: { ids },
      });
      if (result.ok && result.data) setImages(result.data.images);
      else if (!result.ok) fail(result.problem.code);
    });

  const move = (index: number, delta: -1 | 1) => {
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    order(ids);
  };

  const save = (image: StaffImage, form: HTMLFormElement) =>
    startTransition(async () => {
      setMessage(null);
      const data = new FormData(form);
      const text = (name: string) => String(data.get(name) ?? '');
      const variant = text('variant_id');
      const result = await callApi('PUT', `/staff/images/${image.id}`, {
        locale,
        schema: staffImageSchema,
        body: {
          alt: Object.fromEntries(LOCALES.map((l) => [l, text(`alt_${l}`)])),
          tag: text('tag').trim() || null,
          variant_id: variant ? Number(variant) : null,
        },
      });
      if (result.ok && result.data) {
        const updated = result.data;
        setImages((list) => list.map((i) => (i.id === updated.id ? updated : i)));
        setMessage({ kind: 'success', text: t('saved') });
      } else if (!result.ok) fail(result.problem.code);
    });

  const remove = async (image: StaffImage) => {
    if (!(await confirm({ title: t('deleteConfirm'), confirmLabel: t('delete'), tone: 'danger' }))) return;
    startTransition(async () => {
      setMessage(null);
      const result = await callApi('DELETE', `/staff/images/${image.id}`, { locale });
      if (result.ok) {
        setImages((list) => list.filter((i) => i.id !== image.id));
        setMessage({ kind: 'success', text: t('deleted') });
      } else fail(result.problem.code);
    });
  };

  const variantSelect = (id: string, value: number | null) => (
    <select id={id} name="variant_id" defaultValue={value ?? ''} className={inputClass}>
      <option value="">{t('allVariants')}</option>
      {initial.variants.map((v) => (
        <option key={v.id} value={v.id}>
          {v.name} ({v.sku})
        </option>
      ))}
    </select>
  );

  return (
    <div className="space-y-6">
      {message ? (
        <FormMessage kind={message.kind} testId="images-message">
          {message.text}
        </FormMessage>
      ) : null}

      <section aria-labelledby="images-list-title" className="space-y-3">
        <h2 id="images-list-title" className="text-xl font-semibold">
          {t('pictures', { count: images.length })}
        </h2>
        {images.length === 0 ? (
          <div className="flex items-center gap-4">
            <ProductPicture
              name={initial.product.name}
              family={initial.product.family}
              presentation={initial.product.presentation}
              className="w-24"
            />
            <p className="text-muted">{t('none')}</p>
          </div>
        ) : (
          <ol className="space-y-4">
            {images.map((image, index) => (
              <li
                key={image.id}
                className="rounded-md border border-line bg-white p-3"
                data-testid="images-row"
              >
                <form
                  className="grid gap-3 md:grid-cols-[8rem_1fr]"
                  onSubmit={(e) => {
                    e.preventDefault();
                    save(image, e.currentTarget);
                  }}
                >
                  <div className="space-y-1">
                    <ProductPicture
                      image={image}
                      name={initial.product.name}
                      className="w-32"
                      sizes="128px"
                    />
                    <p className="text-xs text-muted">
                      {t('position', { position: index + 1 })} · {image.xlarge.width} × {image.xlarge.height}{' '}
                      px
                    </p>
                  </div>
                  <div className="grid gap-2 sm:grid-cols-2">
                    {LOCALES.map((l) => (
                      <label key={l} className="text-sm">
                        {t(`alt_${l}`)}
                        <input
                          name={`alt_${l}`}
                          defaultValue={image.alt_texts[l] ?? ''}
                          maxLength={250}
                          className={inputClass}
                        />
                      </label>
                    ))}
                    <label className="text-sm">
                      {t('tag')}
                      <input
                        name="tag"
                        defaultValue={image.tag ?? ''}
                        maxLength={40}
                        className={inputClass}
                      />
                    </label>
                    <label className="text-sm sm:col-span-2">
                      {t('variant')}
                      {variantSelect(`variant-${image.id}`, image.variant_id)}
                    </label>
                    <div className="flex flex-wrap gap-2 sm:col-span-2">
                      <button
                        type="submit"
                        className={primaryButtonClass}
                        disabled={pending}
                        data-testid="images-save"
                      >
                        {t('save')}
                      </button>
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        disabled={pending || index === 0}
                        onClick={() => move(index, -1)}
                        data-testid="images-up"
                      >
                        {t('moveUp')}
                      </button>
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        disabled={pending || index === images.length - 1}
                        onClick={() => move(index, 1)}
                        data-testid="images-down"
                      >
                        {t('moveDown')}
                      </button>
                      <button
                        type="button"
                        className={dangerButtonClass}
                        disabled={pending}
                        onClick={() => void remove(image)}
                        data-testid="images-delete"
                      >
                        {t('delete')}
                      </button>
                    </div>
                  </div>
                </form>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="images-upload-title" className="space-y-3">
        <h2 id="images-upload-title" className="text-xl font-semibold">
          {t('uploadTitle')}
        </h2>
        <p className="text-sm text-muted">{t('uploadHint')}</p>
        <form
          ref={formRef}
          className="grid gap-3 rounded-md border border-line bg-white p-4 sm:grid-cols-2"
          data-testid="images-upload-form"
          onSubmit={(e) => {
            e.preventDefault();
            upload(e.currentTarget);
          }}
        >
          <div className="text-sm sm:col-span-2">
            <label htmlFor="images-upload-file">{t('file')}</label>
            <FileInput
              id="images-upload-file"
              name="file"
              accept={ACCEPT}
              required
              className="mt-1"
              data-testid="images-upload-file"
            />
          </div>
          {LOCALES.map((l) => (
            <label key={l} className="text-sm">
              {t(`alt_${l}`)}
              <input name={`alt_${l}`} maxLength={250} className={inputClass} />
            </label>
          ))}
          <label className="text-sm">
            {t('tag')}
            <input name="tag" maxLength={40} className={inputClass} />
          </label>
          <label className="text-sm sm:col-span-2">
            {t('variant')}
            {variantSelect('upload-variant', null)}
          </label>
          <div className="sm:col-span-2">
            <button
              type="submit"
              className={primaryButtonClass}
              disabled={pending}
              data-testid="images-upload-submit"
            >
              {pending ? t('uploading') : t('upload')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
