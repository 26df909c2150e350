import { describe, expect, it } from 'vitest'

import { action, loader } from '~/routes/site/components'

import { callPage, postForm, refusalOf } from '../page-helpers'

/**
 * The components page (/components) is public and writes nothing: its posts are checked by their
 * schemas and answer with a refusal or a redirect with a toast, never a 500.
 */
describe('the components page', () => {
  it('serves anyone the field demo constraints', async () => {
    const answer = await callPage(loader, '/components', null)
    expect(answer.status).toBe(200)
    expect(answer.data?.constraint).toMatchObject({ unit: { required: true }, email: { required: true } })
  })

  it('answers a toast of the tone asked for, back at the toasts', async () => {
    const answer = await callPage(action, '/components', null, {}, postForm({ intent: 'toast', tone: 'warning' }))
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/components#toasts')
    expect(answer.toast).toMatchObject({ type: 'warning', title: 'The inspection of truck 12 is due soon' })
  })

  it('refuses the field demo at its fields, and takes a valid one with a toast', async () => {
    const refused = refusalOf(await callPage(action, '/components', null, {}, postForm({ intent: 'check', email: 'dispatch@', unit: 'x'.repeat(21) })))
    expect(refused?.message).toBe('Some fields need your attention.')
    expect(refused?.fields).toEqual({ unit: ['This is too long.'], email: ['Enter a valid email address.'], equipment: ['Choose one of the options.'] })
    const valid = await callPage(action, '/components', null, {}, postForm({ intent: 'check', unit: '12', email: 'dispatch@example.com', equipment: 'reefer' }))
    expect(valid.status).toBe(302)
    expect(valid.toast?.title).toBe('The form is valid. Nothing was saved.')
  })

  it('confirms the sample delete with a toast and deletes nothing', async () => {
    const answer = await callPage(action, '/components?dialog=open', null, {}, postForm({ intent: 'delete', version: '3' }))
    expect(answer.status).toBe(302)
    expect(answer.toast?.title).toBe('Load 1042 would be deleted (a sample: nothing was).')
  })

  it('refuses what it does not understand with a 400, never a 500', async () => {
    const bad: Array<Record<string, string>> = [{ intent: 'toast', tone: 'purple' }, { intent: 'drop' }, {}, { intent: 'delete', version: 'abc' }]
    for (const fields of bad) {
      const answer = await callPage(action, '/components', null, {}, postForm(fields))
      expect(answer.status, JSON.stringify(fields)).toBe(400)
    }
    const broken = await callPage(
      action,
      '/components',
      null,
      {},
      {
        method: 'POST',
        body: 'not a multipart body',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      },
    )
    expect(broken.status).toBe(400)
    expect(refusalOf(broken)?.message).toBe('This page did not understand the request. Reload it and try again.')
  })
})
