import * as collection from '~/routes/api/webhooks/collection'
import * as item from '~/routes/api/webhooks/item'
import { prisma } from '~/utils/db.server'

import { describeResourceContract } from '../contract-kit'
import { unique } from '../helpers'

// Admins only (the `webhook` permission); a public-looking address, never called here (no event is made).
describeResourceContract({
  path: '/api/webhooks',
  entity: 'webhook',
  collection,
  item,
  validBody: () => ({ url: `https://hooks.example.com/${unique('in')}`, events: ['load.created', 'invoice.paid'] }),
  change: { field: 'description', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: {}, field: 'url' },
    { body: { url: 'not a url', events: ['load.created'] }, field: 'url' },
    { body: { url: 'ftp://example.com/x', events: ['load.created'] }, field: 'url' },
    { body: { url: 'https://user:pw@example.com/x', events: ['load.created'] }, field: 'url' },
    { body: { url: `https://example.com/${'x'.repeat(2001)}`, events: ['load.created'] }, field: 'url' },
    { body: { url: 'http://127.0.0.1/x', events: ['load.created'] }, field: 'url' },
    { body: { url: 'https://example.com/x' }, field: 'events' },
    { body: { url: 'https://example.com/x', events: [] }, field: 'events' },
    { body: { url: 'https://example.com/x', events: ['load.deleted'] }, field: 'events' },
    { body: { url: 'https://example.com/x', events: ['load.created'], active: 'yes' }, field: 'active' },
    { body: { url: 'https://example.com/x', events: ['load.created'], description: 'x'.repeat(301) }, field: 'description' },
  ],
  count: (organizationId) => prisma.webhookEndpoint.count({ where: { organizationId } }),
})
