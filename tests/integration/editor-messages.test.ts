/**
 * A record editor (app/requests/editor.server.ts) answers the model's refusals in the request's
 * language with their parameters filled, as every page action does (ADR 049). No editor's model
 * refuses with a parameter yet, so the broker model's update is made to.
 */
import { describe, expect, it, vi } from 'vitest'

import { createBroker } from '~/models/reference/broker.server'
import * as brokerEditor from '~/routes/dashboard/brokers/editor'
import { BrokerSchema } from '~/schemas/broker'
import { DomainError } from '~/utils/errors.server'

import { actorOf, createOrg } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

vi.mock('~/models/reference/broker.server', async (original) => ({
  ...(await original<typeof import('~/models/reference/broker.server')>()),
  updateBroker: async () => {
    throw new DomainError('validation_failed', 'invoices.errors.loadBilled', {
      fields: { name: ['invoices.errors.loadBilled'] },
      params: { number: 'L-1042' },
    })
  },
}))

describe('an editor’s refusal', () => {
  it('reaches the form translated, with the model’s parameters filled', async () => {
    const org = await createOrg()
    const broker = await createBroker(actorOf(org), BrokerSchema.parse({ name: 'Param Freight' }))
    const answer = await callPage(
      brokerEditor.action as Handler,
      `/dashboard/brokers/${broker.id}/edit`,
      org.users.admin.id,
      { id: broker.id },
      postForm({ name: 'Param Freight', status: 'active', paymentTerms: 'net_30', version: String(broker.version) }),
    )
    expect(answer.status).toBe(400)
    expect(refusalOf(answer)?.fields.name).toEqual(['Load L-1042 is already on another invoice. Void that invoice first.'])
  })
})

describe('a form the schema refuses', () => {
  it('says so above the form as well as at the fields (without JavaScript the page is drawn again from the top)', async () => {
    const org = await createOrg()
    const answer = await callPage(
      brokerEditor.action as Handler,
      '/dashboard/brokers/new',
      org.users.admin.id,
      {},
      postForm({ name: '', status: 'active', paymentTerms: 'net_30' }),
    )
    expect(answer.status).toBe(400)
    const refused = refusalOf(answer)
    expect(refused?.message).toBe('Some fields need your attention.')
    expect(refused?.fields.name?.length).toBe(1)
  })
})
