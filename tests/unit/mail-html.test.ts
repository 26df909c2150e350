import { describe, expect, it } from 'vitest'

import { mailFrameDocument, mailHtmlForReader, sanitizeMailHtml } from '~/utils/mail-html.server'

describe('mail HTML', () => {
  it('drops scripts, event handlers, forms, frames, style sheets and javascript: links', () => {
    const { html } = sanitizeMailHtml(
      '<p onclick="steal()">Rate <b>$2,400</b></p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><form action="https://x"><input></form><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    )
    expect(html).toContain('<p>Rate <b>$2,400</b></p>')
    expect(html).not.toMatch(/script|onclick|onerror|<style|iframe|<form|<input|javascript:/i)
  })

  it('holds remote images back until the reader asks, and keeps links safe', () => {
    const stored = sanitizeMailHtml('<img src="https://tracker.example/p.gif" alt="logo"><a href="https://broker.example">site</a>')
    expect(stored.remoteImages).toBe(true)
    expect(stored.html).not.toContain(' src=')
    expect(stored.html).toContain('data-remote-src="https://tracker.example/p.gif"')
    expect(stored.html).toContain('rel="noopener noreferrer nofollow"')
    expect(mailHtmlForReader(stored.html, { remoteImages: false })).not.toContain(' src=')
    expect(mailHtmlForReader(stored.html, { remoteImages: true })).toContain('src="https://tracker.example/p.gif"')
  })

  it('keeps inline data images, drops cid: ones and url() in styles', () => {
    const { html, remoteImages } = sanitizeMailHtml(
      '<img src="data:image/png;base64,iVBORw0KGgo="><img src="cid:logo@x"><p style="background: url(https://x/p.gif); color: red">x</p>',
    )
    expect(remoteImages).toBe(false)
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="')
    expect(html).not.toContain('cid:')
    expect(html).not.toContain('url(')
    expect(html).toContain('color:red')
  })

  it('drops expression() and any other function but rgb()/hsl() from colours and borders', () => {
    const { html } = sanitizeMailHtml(
      '<p style="color: expression(alert(1))">a</p><p style="background-color: red expression(alert(1))">b</p><p style="border: 1px solid expression(alert(1))">c</p><p style="color: rgb(10, 20, 30); border: 1px solid #abc">d</p>',
    )
    expect(html).not.toMatch(/expression/i)
    expect(html).toContain('<p>a</p>')
    expect(html).toContain('color:rgb(10, 20, 30)')
    expect(html).toContain('border:1px solid #abc')
  })

  it('frames the message with a policy that forbids scripts and remote fetches unless images are asked for', () => {
    const stored = sanitizeMailHtml('<p>Hi</p><img src="https://x/y.png">').html
    expect(mailFrameDocument(stored, { remoteImages: false })).toContain("default-src 'none'; img-src data:;")
    expect(mailFrameDocument(stored, { remoteImages: true, dir: 'rtl' })).toMatch(/dir="rtl".*img-src data: https: http:/s)
  })
})
