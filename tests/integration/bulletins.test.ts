/** Driver bulletins against the real database: who reads what, acknowledgments once per person, comments, conflicts, the badge, the cover. */
import { describe, expect, it } from 'vitest'

import { acknowledgePost, addPostComment, createPost, deletePost, getPost, postAcknowledgments, updatePost } from '~/models/bulletins/post.server'
import { navCounts } from '~/models/nav-badges.server'
import * as acknowledgeApi from '~/routes/api/posts/acknowledge'
import * as collectionApi from '~/routes/api/posts/collection'
import * as commentsApi from '~/routes/api/posts/comments'
import * as coverApi from '~/routes/api/posts/cover'
import * as itemApi from '~/routes/api/posts/item'
import * as deleteRoute from '~/routes/dashboard/bulletins/delete'
import * as editorPage from '~/routes/dashboard/bulletins/editor'
import * as overviewPage from '~/routes/dashboard/bulletins/index'
import * as listPage from '~/routes/dashboard/bulletins/posts'
import * as viewPage from '~/routes/dashboard/bulletins/view'
import { PostSchema } from '~/schemas/post'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { actorOf, callApi, createOrg, type Org, refusal, unique } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

const reader = (org: Org, role: Role) => ({ id: org.users[role].id, organizationId: org.organization.id, role })
const sessionUser = (org: Org, role: Role) => reader(org, role) as unknown as Parameters<typeof navCounts>[0]

function post(org: Org, fields: Record<string, unknown> = {}) {
  return createPost(actorOf(org, 'dispatcher'), PostSchema.parse({ title: unique('Bulletin'), body: 'Chains on before the pass.', ...fields }))
}

const viewPath = (id: string) => `/dashboard/blog/post/${id}`

describe('bulletins', () => {
  it('stores the body rendered and sanitized, never HTML the client sends', async () => {
    const org = await createOrg()
    const answer = await callApi(collectionApi, {
      method: 'POST',
      path: '/api/posts',
      token: org.users.dispatcher.token,
      body: {
        title: 'Night driving',
        body: 'Read **this**<script>alert(1)</script> [x](javascript:alert(1))',
        bodyHtml: '<script>alert(2)</script>',
        status: 'published',
      },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.data.bodyHtml).toBe('<p>Read <strong>this</strong>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>\n')
    expect(answer.body.data.publishedAt).toBeTruthy()
    expect(answer.body.data.author.name).toBe('dispatcher Tester')
    const stored = await prisma.post.findUniqueOrThrow({ where: { id: answer.body.data.id } })
    expect(stored.bodyHtml).not.toContain('<script')
  })

  it('hides drafts from drivers, accountants and viewers (404 on page, API and model), not from those who write', async () => {
    const org = await createOrg()
    const draft = await post(org)
    for (const role of ['driver', 'accountant', 'viewer'] as const) {
      expect((await callApi(itemApi, { path: `/api/posts/${draft.id}`, params: { id: draft.id }, token: org.users[role].token })).status, role).toBe(404)
      expect((await callPage(viewPage.loader as Handler, viewPath(draft.id), org.users[role].id, { id: draft.id })).status, role).toBe(404)
      const list = await callApi(collectionApi, { path: '/api/posts?status=draft', token: org.users[role].token })
      expect(list.body.meta.total, role).toBe(0)
      const comment = await callApi(commentsApi, {
        method: 'POST',
        path: `/api/posts/${draft.id}/comments`,
        params: { id: draft.id },
        token: org.users[role].token,
        body: { body: 'Seen it' },
      })
      expect(comment.status, role).toBe(404)
    }
    for (const role of ['admin', 'dispatcher'] as const) {
      expect((await callApi(itemApi, { path: `/api/posts/${draft.id}`, params: { id: draft.id }, token: org.users[role].token })).status, role).toBe(200)
    }
    const published = await post(org, { status: 'published', title: 'Yard hours' })
    const csvRequest = (token: string) =>
      collectionApi.loader({
        request: new Request('http://localhost/api/posts?format=csv', { headers: { Authorization: `Bearer ${token}` } }),
        params: {},
        context: {},
      } as never)
    const driverCsv = await (await csvRequest(org.users.driver.token)).text()
    expect(driverCsv.split('\r\n')[0].replace(/^\uFEFF/, '')).toMatch(/^title,status,publishedAt,requiresAcknowledgment/)
    expect(driverCsv).toContain(published.id)
    expect(driverCsv).not.toContain(draft.id)
    expect(await (await csvRequest(org.users.admin.token)).text()).toContain(draft.id)
    const list = await callPage(listPage.loader as Handler, '/dashboard/blog/posts', org.users.driver.id)
    expect((list.data as { posts: { id: string }[] }).posts.map((row) => row.id)).toEqual([published.id])
  })

  it('lets only admins and dispatchers write (drivers: 403), and keeps other organizations out (404)', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const created = await callApi(collectionApi, { method: 'POST', path: '/api/posts', token: org.users.driver.token, body: { title: 'Mine', body: 'x' } })
    expect(created.status).toBe(403)
    expect((await callPage(editorPage.loader as Handler, '/dashboard/blog/new', org.users.driver.id)).status).toBe(403)
    expect(
      (await callPage(editorPage.action as Handler, '/dashboard/blog/new', org.users.viewer.id, {}, postForm({ title: 'Mine', body: 'x', status: 'draft' })))
        .status,
    ).toBe(403)

    const published = await post(other, { status: 'published', requiresAcknowledgment: true })
    const params = { id: published.id }
    expect((await callApi(itemApi, { path: `/api/posts/${published.id}`, params, token: org.users.admin.token })).status).toBe(404)
    expect(
      (
        await callApi(itemApi, {
          method: 'PUT',
          path: `/api/posts/${published.id}`,
          params,
          token: org.users.admin.token,
          body: { title: 'x', body: 'y', version: 1 },
        })
      ).status,
    ).toBe(404)
    expect((await callApi(itemApi, { method: 'DELETE', path: `/api/posts/${published.id}`, params, token: org.users.admin.token })).status).toBe(404)
    expect(
      (await callApi(acknowledgeApi, { method: 'POST', path: `/api/posts/${published.id}/acknowledge`, params, token: org.users.driver.token })).status,
    ).toBe(404)
    expect((await callApi(coverApi, { path: `/api/posts/${published.id}/cover`, params, token: org.users.driver.token })).status).toBe(404)
    expect(await prisma.postAcknowledgment.count({ where: { postId: published.id } })).toBe(0)
  })

  it('records "I have read this" once per person, also for two presses at the same moment; drafts and posts that do not ask refuse', async () => {
    const org = await createOrg()
    const published = await post(org, { status: 'published', requiresAcknowledgment: true })
    const driver = reader(org, 'driver')
    const [first, second] = await Promise.all([acknowledgePost(driver, published.id), acknowledgePost(driver, published.id)])
    expect(first.at).toEqual(second.at)
    const again = await callApi(acknowledgeApi, {
      method: 'POST',
      path: `/api/posts/${published.id}/acknowledge`,
      params: { id: published.id },
      token: org.users.driver.token,
    })
    expect(again.status).toBe(200)
    expect(again.body.data.acknowledgedByMe).toBe(true)
    expect(again.body.data.acknowledgedAt).toBe(first.at.toISOString())
    expect(await prisma.postAcknowledgment.count({ where: { postId: published.id } })).toBe(1)

    // The page's button, pressed twice (a double click without JavaScript): still one row.
    for (let i = 0; i < 2; i++) {
      const pressed = await callPage(
        viewPage.action as Handler,
        viewPath(published.id),
        org.users.accountant.id,
        { id: published.id },
        postForm({ intent: 'acknowledge' }),
      )
      expect(pressed.status).toBe(302)
    }
    expect(await prisma.postAcknowledgment.count({ where: { postId: published.id } })).toBe(2)

    // A viewer reads only: not offered, and refused on the page and in the API, nothing recorded.
    const viewerPage = await callPage(viewPage.loader as Handler, viewPath(published.id), org.users.viewer.id, { id: published.id })
    expect((viewerPage.data as { offers: { acknowledge: boolean; comment: boolean } }).offers).toMatchObject({ acknowledge: false, comment: false })
    const byViewer = await callPage(
      viewPage.action as Handler,
      viewPath(published.id),
      org.users.viewer.id,
      { id: published.id },
      postForm({ intent: 'acknowledge' }),
    )
    expect([byViewer.status, refusalOf(byViewer)?.message]).toEqual([403, 'Viewers read bulletins only: they do not acknowledge or comment.'])
    const viewerApi = await callApi(acknowledgeApi, {
      method: 'POST',
      path: `/api/posts/${published.id}/acknowledge`,
      params: { id: published.id },
      token: org.users.viewer.token,
    })
    expect([viewerApi.status, viewerApi.body.error.code]).toEqual([403, 'forbidden'])
    expect(await prisma.postAcknowledgment.count({ where: { postId: published.id, userId: org.users.viewer.id } })).toBe(0)

    const draft = await post(org, { requiresAcknowledgment: true })
    expect((await refusal(acknowledgePost(reader(org, 'admin'), draft.id))).code).toBe('invalid_transition')
    const plain = await post(org, { status: 'published' })
    const refused = await callApi(acknowledgeApi, {
      method: 'POST',
      path: `/api/posts/${plain.id}/acknowledge`,
      params: { id: plain.id },
      token: org.users.driver.token,
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('invalid_transition')
  })

  it('shows admins who has acknowledged (with the time) and who has not; others get no list', async () => {
    const org = await createOrg()
    const published = await post(org, { status: 'published', requiresAcknowledgment: true })
    const at = (await acknowledgePost(reader(org, 'driver'), published.id)).at
    const admin = await callApi(itemApi, { path: `/api/posts/${published.id}`, params: { id: published.id }, token: org.users.admin.token })
    expect(admin.body.data.acknowledgments).toEqual([{ userId: org.users.driver.id, name: 'driver Tester', at: at.toISOString() }])
    expect(admin.body.data.pendingAcknowledgments.map((row: { userId: string }) => row.userId).sort()).toEqual(
      // Viewers read only: they are not asked to acknowledge. Mechanics read and answer (ADR 134).
      [org.users.accountant.id, org.users.mechanic.id].sort(),
    )
    for (const role of ['dispatcher', 'driver'] as const) {
      const answer = await callApi(itemApi, { path: `/api/posts/${published.id}`, params: { id: published.id }, token: org.users[role].token })
      expect(answer.body.data.acknowledgments, role).toBeUndefined()
    }
    const page = await callPage(viewPage.loader as Handler, viewPath(published.id), org.users.admin.id, { id: published.id })
    const data = page.data as { acknowledgments: { acknowledged: { name: string }[]; pending: { name: string }[] } }
    expect(data.acknowledgments.acknowledged.map((row) => row.name)).toEqual(['driver Tester'])
    expect(data.acknowledgments.pending.map((row) => row.name).sort()).toEqual(['accountant Tester', 'mechanic Tester'])
    const driverPage = await callPage(viewPage.loader as Handler, viewPath(published.id), org.users.driver.id, { id: published.id })
    expect((driverPage.data as { acknowledgments: unknown }).acknowledgments).toBeNull()
  })

  it('keeps a post someone has acknowledged (409 in_use), deletes one nobody has', async () => {
    const org = await createOrg()
    const published = await post(org, { status: 'published', requiresAcknowledgment: true })
    await acknowledgePost(reader(org, 'driver'), published.id)
    const refused = await callApi(itemApi, { method: 'DELETE', path: `/api/posts/${published.id}`, params: { id: published.id }, token: org.users.admin.token })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('in_use')
    const kept = await callPage(
      deleteRoute.action as Handler,
      `${viewPath(published.id)}/delete`,
      org.users.dispatcher.id,
      { id: published.id },
      postForm({ version: '1' }),
    )
    expect(kept.toast?.type).toBe('error')
    expect(await prisma.post.count({ where: { id: published.id } })).toBe(1)

    const draft = await post(org)
    await addPostComment(reader(org, 'admin'), draft.id, 'A thought')
    const deleted = await callPage(
      deleteRoute.action as Handler,
      `${viewPath(draft.id)}/delete`,
      org.users.dispatcher.id,
      { id: draft.id },
      postForm({ version: '1' }),
    )
    expect(deleted.toast?.type).toBe('success')
    expect(await prisma.post.count({ where: { id: draft.id } })).toBe(0)
    expect(await prisma.auditEvent.count({ where: { entity: 'post', entityId: draft.id, action: 'delete' } })).toBe(1)
    expect((await refusal(deletePost(actorOf(org), published.id))).code).toBe('in_use')
  })

  it('refuses a stale version (409, nothing written) on the API and the editor', async () => {
    const org = await createOrg()
    const published = await post(org, { status: 'published' })
    const body = { title: 'Updated', body: 'New text', status: 'published', version: 1 }
    const first = await callApi(itemApi, {
      method: 'PUT',
      path: `/api/posts/${published.id}`,
      params: { id: published.id },
      token: org.users.admin.token,
      body,
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ version: 2, bodyHtml: '<p>New text</p>\n', publishedAt: published.publishedAt?.toISOString() })
    const stale = await callApi(itemApi, {
      method: 'PUT',
      path: `/api/posts/${published.id}`,
      params: { id: published.id },
      token: org.users.admin.token,
      body: { ...body, title: 'Lost' },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('conflict')
    const page = await callPage(
      editorPage.action as Handler,
      `${viewPath(published.id)}/edit`,
      org.users.dispatcher.id,
      { id: published.id },
      postForm({ title: 'Also lost', body: 'x', status: 'draft', version: '1' }),
    )
    expect(page.status).toBe(409)
    expect(refusalOf(page)?.conflict).toBe(true)
    expect((await prisma.post.findUniqueOrThrow({ where: { id: published.id } })).title).toBe('Updated')
  })

  it('publishes and unpublishes from the editor, previews Markdown without saving, and keeps field errors at their fields', async () => {
    const org = await createOrg()
    const preview = await callPage(
      editorPage.action as Handler,
      '/dashboard/blog/new',
      org.users.dispatcher.id,
      {},
      postForm({ intent: 'preview', title: '', body: '## Chains\n<img src=x onerror=alert(1)>' }),
    )
    expect(preview.status).toBe(200)
    expect((preview.data as { preview: string }).preview).toBe('<h3>Chains</h3>\n<p>&lt;img src=x onerror=alert(1)&gt;</p>\n')
    expect(await prisma.post.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const invalid = await callPage(
      editorPage.action as Handler,
      '/dashboard/blog/new',
      org.users.dispatcher.id,
      {},
      postForm({ title: '', body: '', tags: 'a, b, c, d, e, f, g, h, i' }),
    )
    expect(invalid.status).toBe(400)
    expect(Object.keys(refusalOf(invalid)?.fields ?? {}).sort()).toEqual(['body', 'tags', 'title'])

    const saved = await callPage(
      editorPage.action as Handler,
      '/dashboard/blog/new',
      org.users.dispatcher.id,
      {},
      postForm({ title: 'Winter chains', body: 'Carry chains.', tags: 'Safety, winter, safety', status: 'published', requiresAcknowledgment: 'on' }),
    )
    expect(saved.status).toBe(302)
    const stored = await prisma.post.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(stored).toMatchObject({ tags: ['safety', 'winter'], status: 'published', requiresAcknowledgment: true, authorId: org.users.dispatcher.id })
    expect(stored.publishedAt).toBeTruthy()
    const back = await updatePost(actorOf(org), reader(org, 'admin'), stored.id, {
      ...PostSchema.parse({ title: 'Winter chains', body: 'Carry chains.' }),
      version: 1,
    })
    expect(back.status).toBe('draft')
    expect(back.publishedAt).toBeNull()
    expect(await prisma.auditEvent.count({ where: { entity: 'post', entityId: stored.id } })).toBe(2)
  })

  it('takes a PNG, JPEG or WebP cover from the editor (a non-image is a field error, nothing saved), serves it to readers, and removes it', async () => {
    const org = await createOrg()
    const fields = { title: 'Cover test', body: 'Body', status: 'published' }
    const bad = new FormData()
    for (const [key, value] of Object.entries(fields)) bad.append(key, value)
    bad.append('cover', new File([new TextEncoder().encode('<svg onload=alert(1)>')], 'cover.png', { type: 'image/png' }))
    const refused = await callPage(editorPage.action as Handler, '/dashboard/blog/new', org.users.admin.id, {}, { method: 'POST', body: bad })
    expect(refused.status).toBe(415)
    expect(refusalOf(refused)?.fields.cover).toEqual(['The cover must be a PNG, JPEG or WebP image.'])
    expect(await prisma.post.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const huge = new FormData()
    for (const [key, value] of Object.entries(fields)) huge.append(key, value)
    huge.append('cover', new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'huge.png', { type: 'image/png' }))
    const tooLarge = await callPage(editorPage.action as Handler, '/dashboard/blog/new', org.users.admin.id, {}, { method: 'POST', body: huge })
    expect(tooLarge.status).toBe(413)
    expect(refusalOf(tooLarge)?.fields.cover).toEqual(['The cover image is too large.'])
    expect(await prisma.post.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const form = new FormData()
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    form.append('cover', new File([PNG], 'road.png', { type: 'image/png' }))
    expect((await callPage(editorPage.action as Handler, '/dashboard/blog/new', org.users.admin.id, {}, { method: 'POST', body: form })).status).toBe(302)
    const stored = await prisma.post.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(stored).toMatchObject({ coverContentType: 'image/png', coverFileName: 'road.png', coverSizeBytes: PNG.byteLength })

    // The image itself, not JSON: read raw.
    const request = new Request(`http://localhost/api/posts/${stored.id}/cover`, { headers: { Authorization: `Bearer ${org.users.driver.token}` } })
    const response = await coverApi.loader({ request, params: { id: stored.id }, context: {} } as never)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)

    const removed = new FormData()
    for (const [key, value] of Object.entries({ ...fields, version: '1', removeCover: 'on' })) removed.append(key, value)
    expect(
      (await callPage(editorPage.action as Handler, `${viewPath(stored.id)}/edit`, org.users.admin.id, { id: stored.id }, { method: 'POST', body: removed }))
        .status,
    ).toBe(302)
    expect((await prisma.post.findUniqueOrThrow({ where: { id: stored.id } })).coverStorageKey).toBeNull()
  })

  it('takes comments from anyone who reads the post but viewers (limits), lets the author delete theirs and an admin any', async () => {
    const org = await createOrg()
    const published = await post(org, { status: 'published' })
    const params = { id: published.id }
    const added = await callApi(commentsApi, {
      method: 'POST',
      path: `/api/posts/${published.id}/comments`,
      params,
      token: org.users.driver.token,
      body: { body: '  Got it  ' },
    })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ body: 'Got it', author: { id: org.users.driver.id } })
    for (const body of ['   ', 'x'.repeat(2001)]) {
      const refused = await callApi(commentsApi, {
        method: 'POST',
        path: `/api/posts/${published.id}/comments`,
        params,
        token: org.users.driver.token,
        body: { body },
      })
      expect(refused.status).toBe(400)
      expect(refused.body.error.fields.body).toBeTruthy()
    }
    const page = await callPage(viewPage.action as Handler, viewPath(published.id), org.users.accountant.id, params, postForm({ intent: 'comment', body: '' }))
    expect(page.status).toBe(400)
    expect(refusalOf(page)?.fields.body).toBeTruthy()
    const accountantComment = await callPage(
      viewPage.action as Handler,
      viewPath(published.id),
      org.users.accountant.id,
      params,
      postForm({ intent: 'comment', body: 'Noted' }),
    )
    expect(accountantComment.status).toBe(302)
    // A viewer reads only: refused on the page and in the API, nothing written.
    const viewerComment = await callPage(
      viewPage.action as Handler,
      viewPath(published.id),
      org.users.viewer.id,
      params,
      postForm({ intent: 'comment', body: 'Me too' }),
    )
    expect([viewerComment.status, refusalOf(viewerComment)?.message]).toEqual([403, 'Viewers read bulletins only: they do not acknowledge or comment.'])
    const viewerApi = await callApi(commentsApi, {
      method: 'POST',
      path: `/api/posts/${published.id}/comments`,
      params,
      token: org.users.viewer.token,
      body: { body: 'Me too' },
    })
    expect([viewerApi.status, viewerApi.body.error.code]).toEqual([403, 'forbidden'])
    const comments = await prisma.postComment.findMany({ where: { postId: published.id }, orderBy: { createdAt: 'asc' } })
    expect(comments).toHaveLength(2)
    expect((await callApi(itemApi, { path: `/api/posts/${published.id}`, params, token: org.users.viewer.token })).body.data.commentsCount).toBe(2)

    // The driver may not delete the accountant's comment; the accountant deletes their own; an admin deletes the driver's (audited).
    const notYours = await callPage(
      viewPage.action as Handler,
      viewPath(published.id),
      org.users.driver.id,
      params,
      postForm({ intent: 'deleteComment', commentId: comments[1].id }),
    )
    expect(notYours.status).toBe(403)
    const own = await callPage(
      viewPage.action as Handler,
      viewPath(published.id),
      org.users.accountant.id,
      params,
      postForm({ intent: 'deleteComment', commentId: comments[1].id }),
    )
    expect(own.status).toBe(302)
    const byAdmin = await callPage(
      viewPage.action as Handler,
      viewPath(published.id),
      org.users.admin.id,
      params,
      postForm({ intent: 'deleteComment', commentId: comments[0].id }),
    )
    expect(byAdmin.status).toBe(302)
    expect(await prisma.postComment.count({ where: { postId: published.id } })).toBe(0)
    expect(await prisma.auditEvent.count({ where: { entity: 'post', entityId: published.id, action: 'update' } })).toBe(1)
  })

  it('counts the badge: published posts that require acknowledgment and the reader has not acknowledged; writers see none', async () => {
    const org = await createOrg()
    await post(org, { requiresAcknowledgment: true })
    await post(org, { status: 'published' })
    const first = await post(org, { status: 'published', requiresAcknowledgment: true })
    const second = await post(org, { status: 'published', requiresAcknowledgment: true })
    expect((await navCounts(sessionUser(org, 'driver'))).bulletins).toBe(2)
    expect((await navCounts(sessionUser(org, 'dispatcher'))).bulletins).toBe(0)
    await acknowledgePost(reader(org, 'driver'), first.id)
    expect((await navCounts(sessionUser(org, 'driver'))).bulletins).toBe(1)
    expect((await navCounts(sessionUser(org, 'accountant'))).bulletins).toBe(2)
    // A viewer reads only: never asked, never counted.
    expect((await navCounts(sessionUser(org, 'viewer'))).bulletins).toBe(0)
    await acknowledgePost(reader(org, 'driver'), second.id)
    expect((await navCounts(sessionUser(org, 'driver'))).bulletins).toBe(0)

    const overview = await callPage(overviewPage.loader as Handler, '/dashboard/blog', org.users.accountant.id)
    const data = overview.data as { counts: Record<string, number>; pending: { id: string }[]; latest: unknown[] }
    expect(data.counts).toMatchObject({ published: 3, requiring: 2, pending: 2, drafts: 0 })
    expect(data.pending.map((row) => row.id)).toEqual([first.id, second.id])
    expect(data.latest).toHaveLength(3)
    const pendingList = await callApi(collectionApi, { path: '/api/posts?acknowledgment=pending', token: org.users.accountant.token })
    expect(pendingList.body.meta.total).toBe(2)
    expect((await getPost(reader(org, 'accountant'), first.id)).acknowledgments).toHaveLength(0)
    expect((await postAcknowledgments(org.organization.id, first.id)).acknowledged).toHaveLength(1)
  })
})
