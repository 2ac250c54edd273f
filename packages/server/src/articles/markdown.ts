import { ARTICLE_RULES } from '@kerygma/domain/articles';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * An article's markdown → the HTML its page shows, and the plain-text summary lists show. The
 * HTML marked makes (markdown may carry raw HTML) is cut down to plain document markup: no
 * script, style, frame or form, no attribute but the few listed (so no event handler or inline
 * style), links only to http(s), mailto and tel addresses or this site's own paths, opened
 * `rel="nofollow ugc noopener"`, images only over https.
 */

const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark'],
  ...['a', 'img', 'figure', 'figcaption', 'abbr', 'cite', 'q', 'small'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
];

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    abbr: ['title'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow ugc noopener' } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** The sanitised HTML of the markdown. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITISE).trim();
}

/** The text of rendered HTML as one line, cut at a word to at most 150 characters with '...'. */
export function summaryOf(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|pre|tr)>/g, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const max = ARTICLE_RULES.summaryLength;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 3);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}...`;
}
