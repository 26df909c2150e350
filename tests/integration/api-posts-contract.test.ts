import * as collection from '~/routes/api/posts/collection'
import * as item from '~/routes/api/posts/item'
import { prisma } from '~/utils/db.server'

import { describeResourceContract } from '../contract-kit'
import { unique } from '../helpers'

// Published, so every role that reads posts reads it (a draft is 404 for drivers, accountants and viewers).
describeResourceContract({
  path: '/api/posts',
  entity: 'post',
  collection,
  item,
  validBody: () => ({ title: unique('Bulletin'), body: 'Chains on **before** the pass.', status: 'published', tags: ['safety'] }),
  change: { field: 'description', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: {}, field: 'title' },
    { body: { title: 'T' }, field: 'body' },
    { body: { title: 'T', body: '   ' }, field: 'body' },
    { body: { title: 'x'.repeat(161), body: 'b' }, field: 'title' },
    { body: { title: 'T', body: 'x'.repeat(20_001) }, field: 'body' },
    { body: { title: 'T', body: 'b', status: 'archived' }, field: 'status' },
    { body: { title: 'T', body: 'b', tags: 'safety' }, field: 'tags' },
    { body: { title: 'T', body: 'b', tags: Array.from({ length: 9 }, (_, n) => `tag${n}`) }, field: 'tags' },
    { body: { title: 'T', body: 'b', tags: ['x'.repeat(31)] }, field: 'tags' },
    { body: { title: 'T', body: 'b', requiresAcknowledgment: 'yes' }, field: 'requiresAcknowledgment' },
    { body: { title: 'T', body: 'a\u0000b' }, field: 'body' },
  ],
  count: (organizationId) => prisma.post.count({ where: { organizationId } }),
})
