/** A bulletin's Markdown → HTML against XSS payloads (OWASP cheat-sheet style): nothing that runs survives. */
import { describe, expect, it } from 'vitest'

import { renderPostMarkdown } from '~/utils/post-markdown.server'

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body{background:red}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;avascript:alert(1))',
  '[x](&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](java%0ascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](file:///etc/passwd)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![x"onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com "a\\" onmouseover=\\"alert(1)")',
  '<javascript:alert(1)>',
  '<https://example.com/?a=<script>>',
  '[x]: javascript:alert(1)\n\n[link][x]',
  '<div>\n<script>alert(1)</script>\n</div>',
  '<!-- <script>alert(1)</script> -->',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
]

const TAGS = [
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
]
const ATTRIBUTES = ['href', 'title', 'rel', 'src', 'alt', 'start']

/**
 * What may never appear in the stored HTML as markup: a tag Markdown does not make, an attribute
 * beyond the few it needs (no `on…`, no `style`), an address with a scheme other than http, https,
 * mailto or tel (one without a scheme is a path of this site, e.g. `java%0ascript:…`).
 */
function assertInert(html: string) {
  for (const [, name, attributes] of html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
    expect(TAGS).toContain(name.toLowerCase())
    const rest = attributes.replace(/\s([a-z-]+)="([^"]*)"/gi, (_match, attribute: string, value: string) => {
      expect(ATTRIBUTES).toContain(attribute.toLowerCase())
      if (attribute === 'href' || attribute === 'src') {
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]
        if (scheme !== undefined) expect(['http', 'https', 'mailto', 'tel']).toContain(scheme.toLowerCase())
      }
      return ''
    })
    // Nothing else in the tag but a self-closing slash.
    expect(rest.replace(/\s*\/?$/, '')).toBe('')
  }
  expect(html).not.toMatch(/<(script|iframe|svg|object|embed|form|input|style|math|details|body)/i)
}

describe('bulletin Markdown', () => {
  it.each(PAYLOADS)('renders %j without anything that runs', (payload) => {
    assertInert(renderPostMarkdown(payload))
  })

  it('keeps what a bulletin needs: headings one level down, emphasis, lists, links with rel, images over https, tables', () => {
    const html = renderPostMarkdown(
      '# Winter\n\n## Chains\n\n**Bold** and *italic*\n\n- one\n- two\n\n[Map](https://example.com/map) and https://example.com/auto\n\n![Pass](https://example.com/pass.jpg)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    )
    expect(html).toContain('<h2>Winter</h2>')
    expect(html).toContain('<h3>Chains</h3>')
    expect(html).toContain('<strong>Bold</strong>')
    expect(html).toContain('<li>one</li>')
    expect(html).toContain('<a href="https://example.com/map" rel="noopener noreferrer nofollow">Map</a>')
    expect(html).toContain('<a href="https://example.com/auto" rel="noopener noreferrer nofollow">https://example.com/auto</a>')
    expect(html).toContain('<img src="https://example.com/pass.jpg" alt="Pass" />')
    expect(html).toContain('<td>1</td>')
  })

  it('shows raw HTML as text rather than dropping what the author wrote', () => {
    expect(renderPostMarkdown('Use <b>this</b>')).toBe('<p>Use &lt;b&gt;this&lt;/b&gt;</p>\n')
  })

  it('refuses data: images and keeps no empty image', () => {
    expect(renderPostMarkdown('![x](data:image/png;base64,iVBORw0KGgo=)')).not.toContain('<img')
  })
})
