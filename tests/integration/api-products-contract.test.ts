import * as collection from '~/routes/api/products/collection'
import * as item from '~/routes/api/products/item'
import { prisma } from '~/utils/db.server'

import { describeResourceContract } from '../contract-kit'
import { unique } from '../helpers'

describeResourceContract({
  path: '/api/products',
  entity: 'product',
  collection,
  item,
  validBody: () => ({ name: 'Ratchet strap 2"', sku: unique('STRAP'), priceCents: 2499, stock: 40, colors: ['Yellow', 'Orange'], category: 'Cargo control' }),
  change: { field: 'description', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: {}, field: 'name' },
    { body: { name: 'Strap', sku: 'S-1' }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: -1 }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 24.5 }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 1e12 }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: '2499' }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, stock: -3 }, field: 'stock' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, stock: 1.5 }, field: 'stock' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, stock: 1e9 }, field: 'stock' },
    { body: { name: 'Strap', sku: 'S 1', priceCents: 100 }, field: 'sku' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, status: 'sold_out' }, field: 'status' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: 'Red' }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: Array.from({ length: 13 }, (_, n) => `Colour ${n}`) }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: ['x'.repeat(31)] }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: ['Red', 'red'] }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, description: 'a\u0000b' }, field: 'description' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
  ],
  count: (organizationId) => prisma.product.count({ where: { organizationId } }),
})
