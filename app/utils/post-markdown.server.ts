/**
 * A bulletin's Markdown as the HTML the post page shows (ADR 064): rendered on the
 * server by markdown-it with raw HTML off (`html: false`: a `<script>` in the text stays text) and
 * bare addresses linked, then passed through sanitize-html as a second, independent gate: only
 * the tags Markdown itself makes, no `style`, no event handlers, links only to http, https, mailto
 * and tel (each with rel="noopener noreferrer nofollow"), images only from http and https (no
 * `data:`), headings one level down (the page's h1 is the post's title). Stored in Post.bodyHtml
 * when the post is written, and rendered again for the editor's preview.
 */
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })

const LINK_REL = 'noopener noreferrer nofollow'

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    h1: 'h2',
    h2: 'h3',
    h3: 'h4',
    h4: 'h5',
    h5: 'h6',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
  },
  // An image whose address was refused has nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** Markdown → sanitized HTML, safe to put in the page as it is. */
export function renderPostMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), SANITIZE)
}
