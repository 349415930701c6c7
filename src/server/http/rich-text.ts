import sanitizeHtml from 'sanitize-html';

/**
 * The formatting a seller's rich text may keep (a product's description, a text section of the
 * online shop): paragraphs, emphasis, lists, small titles, quotes and links. Anything else —
 * scripts, styles, event handlers, frames, `javascript:` links — goes, whatever the browser sent.
 */
export function safeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  }).trim();
}
