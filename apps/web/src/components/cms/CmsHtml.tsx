/**
 * Renders html of the website content (docs/product/community-and-content.md#website-content): the api sanitised it with a strict allow-list
 * (apps/api modules/cms/sanitize.ts: no script, no event handlers, no javascript: urls, images only
 * from our stored files or https) both when staff saved it and when it was read out, so it is
 * inserted as is. Headings, lists, links, tables and images get the site's typography here.
 */
export function CmsHtml({
  html,
  className = '',
  testId,
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={`space-y-3 leading-relaxed [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:w-full [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
