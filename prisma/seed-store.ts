/**
 * The demo organization's company store: ten products a carrier's office sells or
 * issues to drivers, with colours, some running low (the store dashboard's alerts), one draft
 * being prepared and one archived. No photos: the shop shows each card's initial.
 */
type PrismaLike = typeof import('../app/utils/db.server').prisma

const PRODUCTS = [
  {
    name: 'Ratchet strap 2" × 27 ft',
    sku: 'STR-227',
    category: 'Cargo control',
    priceCents: 2499,
    stock: 64,
    colors: ['Yellow', 'Orange'],
    description: '5,000 lb break strength, double J hooks. WSTDA rated.',
  },
  {
    name: 'Grade 70 transport chain 5/16" × 20 ft',
    sku: 'CHN-516',
    category: 'Cargo control',
    priceCents: 8950,
    stock: 4,
    colors: [],
    description: 'Clevis grab hooks both ends.',
  },
  { name: 'Lever chain binder 5/16"–3/8"', sku: 'BND-38', category: 'Cargo control', priceCents: 4275, stock: 12, colors: ['Black', 'Red'], description: '' },
  {
    name: 'High-visibility safety vest, class 2',
    sku: 'VST-C2',
    category: 'Safety',
    priceCents: 1450,
    stock: 3,
    colors: ['High-vis yellow', 'Orange'],
    description: 'ANSI/ISEA 107 class 2, zip front, two pockets.',
  },
  {
    name: 'Hard hat, type I',
    sku: 'HAT-T1',
    category: 'Safety',
    priceCents: 1899,
    stock: 25,
    colors: ['White', 'Yellow', 'Blue'],
    description: '4-point ratchet suspension.',
  },
  { name: 'Work gloves, leather palm', sku: 'GLV-LP', category: 'Safety', priceCents: 999, stock: 0, colors: ['Tan'], description: 'Sold by the pair.' },
  {
    name: 'ELD device with cab mount',
    sku: 'ELD-100',
    category: 'Electronics',
    priceCents: 19_900,
    stock: 7,
    colors: [],
    description: 'FMCSA-registered ELD, 9-pin and OBD-II cables included.',
  },
  {
    name: 'Dash camera, dual lens',
    sku: 'CAM-DL2',
    category: 'Electronics',
    priceCents: 15_900,
    stock: 2,
    colors: ['Black'],
    description: 'Road and cab, 64 GB card.',
  },
  {
    name: 'Air brake gladhand seals (10 pack)',
    sku: 'GLD-10',
    category: 'Parts',
    priceCents: 1150,
    stock: 40,
    colors: ['Red', 'Blue'],
    description: '',
    status: 'draft' as const,
  },
  {
    name: 'Mud flap, 24" × 30"',
    sku: 'MUD-2430',
    category: 'Parts',
    priceCents: 3200,
    stock: 0,
    colors: ['Black'],
    description: 'Old stock, no longer sold.',
    status: 'archived' as const,
  },
]

/** Seeds the store of one organization (idempotent per SKU: a second run changes nothing). */
export async function seedStore(prisma: PrismaLike, organizationId: string) {
  const existing = new Set((await prisma.product.findMany({ where: { organizationId }, select: { sku: true } })).map((row) => row.sku.toLowerCase()))
  const rows = PRODUCTS.filter((product) => !existing.has(product.sku.toLowerCase())).map((product) => ({
    organizationId,
    status: 'active' as const,
    ...product,
  }))
  if (rows.length) await prisma.product.createMany({ data: rows })
}
