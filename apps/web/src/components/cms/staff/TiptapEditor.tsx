'use client';

import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslations } from 'next-intl';
import type { MessageKey } from '@/i18n/keys';

/** One toolbar command: its message key, whether it is on at the cursor, and what it does. */
interface Command {
  key: MessageKey<'staffCustomers.editor'>;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const COMMANDS: Command[] = [
  { key: 'bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'italic', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    key: 'heading2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'heading3',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'blockquote',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * The rich-text editor of the staff content forms (docs/decisions/rich-text-editor.md): Tiptap's
 * StarterKit (paragraphs, headings, bold, italic, lists, quotes, links) with a toolbar of toggle
 * buttons (aria-pressed) and a link button; `onChange` receives the html at every change ('' when
 * empty). Loaded only by RichTextField through a dynamic import, so the editor code reaches staff
 * pages only. The editable area is a multi-line textbox labelled by `labelledBy`.
 */
export default function TiptapEditor({
  id,
  html,
  onChange,
  labelledBy,
  describedBy,
}: {
  id: string;
  html: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
}) {
  const t = useTranslations('staffCustomers.editor');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['https', 'mailto'] },
        codeBlock: false,
        code: false,
      }),
    ],
    content: html,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'data-testid': id,
        class:
          'min-h-48 rounded-b border border-line px-3 py-2 focus:outline-2 focus:outline-brand [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_a]:text-brand [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 space-y-2',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? Object.fromEntries([...COMMANDS.map((c) => [c.key, c.active(e)]), ['link', e.isActive('link')]])
        : {},
  });

  function link() {
    if (!editor) return;
    const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('linkPrompt'), current);
    if (href === null) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim() === '' || href.trim() === 'https://') chain.unsetLink().run();
    else chain.setLink({ href: href.trim() }).run();
  }

  const button = (pressed: boolean) =>
    `rounded px-2 py-1 text-sm font-semibold ${pressed ? 'bg-brand text-white' : 'border border-line bg-white text-brand'}`;
  return (
    <div>
      <div
        role="toolbar"
        aria-label={t('toolbar')}
        className="flex flex-wrap gap-1 rounded-t border border-b-0 border-line bg-surface p-1"
      >
        {COMMANDS.map((c) => (
          <button
            key={c.key}
            type="button"
            aria-pressed={Boolean(active?.[c.key])}
            disabled={!editor}
            onClick={() => editor && c.run(editor)}
            className={button(Boolean(active?.[c.key]))}
          >
            {t(c.key)}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={Boolean(active?.link)}
          disabled={!editor}
          onClick={link}
          className={button(Boolean(active?.link))}
        >
          {t('link')}
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
