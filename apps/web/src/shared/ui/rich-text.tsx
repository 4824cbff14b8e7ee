import { clsx } from 'clsx';

/**
 * Text the server rendered from Markdown (a blog post, a store page): headings, paragraphs, lists,
 * tables, code and links in the site's type. The HTML is the server's own rendering with raw HTML
 * off (pages.content.ts), so it carries no script; it is shown as it is.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={clsx('rich-text', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server with raw HTML off
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
