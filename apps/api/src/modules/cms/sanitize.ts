/**
 * Server-side html sanitising of website content and info banners (docs/product/back-office.md#website-content "HTML sanitised on the
 * server"; docs/decisions/cms-content.md). sanitize-html with a strict allow-list:
 *
 * - tags: headings h2–h4, paragraphs, lists, tables, emphasis, links, images, blockquote, hr, br;
 *   everything else is unwrapped (its text kept), script/style/iframe/object dropped with content;
 * - attributes: href/title/target/rel on links, src/alt/width/height on images, colspan/rowspan on
 *   cells, nothing else (no `on*` handlers, no style, no class);
 * - links: http, https, mailto, tel or a path of the site ('/fr/page/about'); javascript:, data:,
 *   vbscript: and every other scheme are removed; target=_blank links get rel="noopener noreferrer";
 * - images: only our stored content files (`/api/cms/files/{id}`) or https urls; other images are
 *   dropped.
 *
 * Content is sanitised when staff save it and again when it is read out (so a row written by other
 * means is still safe to render with dangerouslySetInnerHTML).
 */
import sanitizeHtml from 'sanitize-html';

/** Same-origin path of a public content file (served by GET /cms/files/{id}, proxied by the web as /api/...). */
export function cmsFileUrl(id: number | null): string | null {
  return id === null ? null : `/api/cms/files/${id}`;
}

const OWN_FILE = /^\/api\/cms\/files\/\d+$/;
const HTTPS = /^https:\/\/[^\s/]+/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
    'address',
    'span',
  ],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    const src = (frame.attribs.src ?? '').trim();
    return !(OWN_FILE.test(src) || HTTPS.test(src));
  },
};

/** The html with only the allowed tags, attributes and urls kept (see the module comment). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of a short field (title, foreword): every tag removed, entities kept as text. */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim();
}
