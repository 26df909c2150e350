/**
 * Mail HTML made safe to show: what a broker's mail client wrote is hostile until
 * checked. Stored sanitized (no script, style sheets, forms, frames or event handlers; links only
 * to http, https and mailto, opened in a new tab without a referrer), with remote images held back:
 * their address moves to `data-remote-src`, so nothing is fetched (no tracking pixel says the mail
 * was read) until the reader asks for images. Inline images (`cid:` parts) are dropped; data: images
 * stay. The page shows the result in a sandboxed frame, never in its own DOM.
 */
import sanitizeHtml from 'sanitize-html'

const REMOTE = /^https?:\/\//i

/**
 * A CSS colour: `#rgb`…`#rrggbbaa`, a keyword, or rgb()/hsl() of numbers; a border of one. Never
 * another function: `expression(…)` runs script in old Internet Explorer, and no mail needs it.
 */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d.\s,%/]+\))$/i
const BORDER = /^[\d.]+px\s+(solid|dashed|dotted)\s+(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d.\s,%/]+\))$/i

/** Inbound HTML → what is stored. Answers whether remote images were held back. */
export function sanitizeMailHtml(html: string): { html: string; remoteImages: boolean } {
  let remoteImages = false
  const clean = sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'a'),
      'a',
      'img',
      'font',
      'center',
      'span',
      'div',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'td',
      'th',
      'caption',
      'colgroup',
      'col',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'data-remote-src'],
      font: ['color', 'size', 'face'],
      td: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
      th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'align', 'bgcolor'],
      '*': ['style', 'dir', 'lang', 'align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data', 'http', 'https'] },
    // CSS in style attributes only, no url() (a remote fetch) and no expression() (script).
    allowedStyles: {
      '*': {
        color: [COLOUR],
        'background-color': [COLOUR],
        'text-align': [/^(left|right|center|justify|start|end)$/],
        'font-size': [/^[\d.]+(px|pt|em|rem|%)$/],
        'font-weight': [/^(normal|bold|\d{3})$/],
        'font-style': [/^(normal|italic)$/],
        'text-decoration': [/^[a-z\s-]+$/],
        padding: [/^[\d.\s]+(px|em|%)?[\d.\spxem%]*$/],
        margin: [/^[\d.\s]+(px|em|%)?[\d.\spxem%]*$/],
        width: [/^[\d.]+(px|%)$/],
        border: [BORDER],
      },
    },
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? ''
        if (REMOTE.test(src)) {
          remoteImages = true
          const { src: _held, ...rest } = attribs
          return { tagName, attribs: { ...rest, 'data-remote-src': src } }
        }
        // data: images stay; cid: and anything else go.
        if (/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(src)) return { tagName, attribs }
        const { src: _dropped, ...rest } = attribs
        return { tagName, attribs: rest }
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src && !frame.attribs['data-remote-src'],
  })
  return { html: clean, remoteImages }
}

/** Stored HTML → what the reader sees: with remote images only when asked for. */
export function mailHtmlForReader(storedHtml: string, options: { remoteImages: boolean }) {
  if (!options.remoteImages) return storedHtml
  // Stored HTML came out of sanitizeMailHtml: the only data-remote-src values are http(s) addresses it held back.
  return sanitizeHtml(storedHtml, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: false,
    transformTags: {
      img: (tagName, attribs) => {
        const { 'data-remote-src': remote, ...rest } = attribs
        return { tagName, attribs: remote && REMOTE.test(remote) ? { ...rest, src: remote } : rest }
      },
    },
  })
}

/**
 * The document the page puts in a sandboxed iframe (`sandbox="allow-popups
 * allow-popups-to-escape-sandbox"`, no scripts, no same origin) through `srcdoc`: a
 * Content-Security-Policy of its own forbids scripts and fetches anything but images.
 */
export function mailFrameDocument(html: string, options: { dir?: 'ltr' | 'rtl'; remoteImages: boolean }) {
  const images = options.remoteImages ? 'img-src data: https: http:' : 'img-src data:'
  return `<!doctype html><html dir="${options.dir ?? 'ltr'}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ${images}; style-src 'unsafe-inline'"><base target="_blank"><style>body{font:14px/1.5 system-ui,sans-serif;margin:0;color:#1c252e;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${mailHtmlForReader(html, options)}</body></html>`
}
