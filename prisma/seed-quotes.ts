/**
 * The demo organization's quote requests: a dozen shippers' requests over the last ten
 * weeks, new, quoted, won and lost, so the booking dashboard has weeks, a win rate and a response
 * time to show. Times are relative to now; numbers continue the organization's sequence.
 */
type PrismaLike = typeof import('../app/utils/db.server').prisma

type Status = 'new' | 'quoted' | 'won' | 'lost'

const REQUESTS: Array<{
  daysAgo: number
  answeredAfterMinutes?: number
  status: Status
  lane: [string, string, string, string]
  equipmentType: 'dry_van' | 'reefer' | 'flatbed' | 'step_deck'
  weightLb?: number
  name: string
  company?: string
  quotedCents?: number
  lostReason?: string
  message?: string
}> = [
  {
    daysAgo: 0,
    status: 'new',
    lane: ['Dallas', 'TX', 'Atlanta', 'GA'],
    equipmentType: 'reefer',
    weightLb: 38_000,
    name: 'Maria Lopez',
    company: 'Peach State Produce',
    message: 'Keep at 34°F. Dock closes at 4 pm.',
  },
  {
    daysAgo: 1,
    status: 'new',
    lane: ['Houston', 'TX', 'Memphis', 'TN'],
    equipmentType: 'dry_van',
    weightLb: 22_500,
    name: 'Owen Park',
    company: 'Bayou Paper Co.',
  },
  {
    daysAgo: 2,
    status: 'new',
    lane: ['Fort Worth', 'TX', 'Denver', 'CO'],
    equipmentType: 'flatbed',
    weightLb: 44_000,
    name: 'Li Wei',
    message: 'Steel coils, tarps needed.',
  },
  {
    daysAgo: 4,
    answeredAfterMinutes: 45,
    status: 'quoted',
    lane: ['San Antonio', 'TX', 'Phoenix', 'AZ'],
    equipmentType: 'dry_van',
    weightLb: 30_000,
    name: 'Grace Kim',
    company: 'Desert Home Goods',
    quotedCents: 285_000,
  },
  {
    daysAgo: 9,
    answeredAfterMinutes: 120,
    status: 'quoted',
    lane: ['Austin', 'TX', 'Oklahoma City', 'OK'],
    equipmentType: 'reefer',
    weightLb: 18_000,
    name: 'Tom Becker',
    quotedCents: 142_500,
  },
  {
    daysAgo: 12,
    answeredAfterMinutes: 30,
    status: 'won',
    lane: ['Dallas', 'TX', 'Chicago', 'IL'],
    equipmentType: 'dry_van',
    weightLb: 41_000,
    name: 'Nadia Haddad',
    company: 'Lakeside Beverages',
    quotedCents: 310_000,
  },
  {
    daysAgo: 18,
    answeredAfterMinutes: 90,
    status: 'lost',
    lane: ['El Paso', 'TX', 'Los Angeles', 'CA'],
    equipmentType: 'step_deck',
    weightLb: 36_000,
    name: 'Victor Chen',
    quotedCents: 395_000,
    lostReason: 'Went with a cheaper carrier.',
  },
  {
    daysAgo: 25,
    answeredAfterMinutes: 60,
    status: 'won',
    lane: ['Laredo', 'TX', 'Nashville', 'TN'],
    equipmentType: 'reefer',
    weightLb: 40_000,
    name: 'Ana Souza',
    company: 'Border Fresh',
    quotedCents: 298_000,
  },
  {
    daysAgo: 33,
    answeredAfterMinutes: 240,
    status: 'lost',
    lane: ['Amarillo', 'TX', 'Kansas City', 'MO'],
    equipmentType: 'flatbed',
    name: 'Ben Ortiz',
    quotedCents: 189_000,
    lostReason: 'Pickup date moved past our availability.',
  },
  {
    daysAgo: 41,
    answeredAfterMinutes: 35,
    status: 'won',
    lane: ['Dallas', 'TX', 'Little Rock', 'AR'],
    equipmentType: 'dry_van',
    weightLb: 12_000,
    name: 'Chloé Martin',
    company: 'Maison Decor',
    quotedCents: 98_000,
  },
  {
    daysAgo: 55,
    answeredAfterMinutes: 75,
    status: 'won',
    lane: ['Houston', 'TX', 'New Orleans', 'LA'],
    equipmentType: 'reefer',
    weightLb: 26_000,
    name: 'Duc Nguyen',
    company: 'Gulf Seafood',
    quotedCents: 112_000,
  },
  { daysAgo: 68, status: 'lost', lane: ['Lubbock', 'TX', 'Albuquerque', 'NM'], equipmentType: 'flatbed', name: 'Sara Ali', lostReason: 'Lane not served.' },
]

export async function seedQuotes(prisma: PrismaLike, organizationId: string) {
  if (await prisma.quoteRequest.count({ where: { organizationId } })) return 0
  const dispatcher = await prisma.user.findFirst({ where: { organizationId, role: 'dispatcher' }, select: { id: true } })
  const now = Date.now()
  const day = 86_400_000
  const rows = REQUESTS.map((request, index) => {
    const createdAt = new Date(now - request.daysAgo * day - (index % 3) * 3_600_000)
    const pickup = new Date(createdAt.getTime() + 5 * day)
    const [originCity, originState, destinationCity, destinationState] = request.lane
    const slug = request.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z]+/g, '.')
    return {
      organizationId,
      number: index + 1,
      status: request.status,
      originCity,
      originState,
      destinationCity,
      destinationState,
      equipmentType: request.equipmentType,
      pickupDate: new Date(`${pickup.toISOString().slice(0, 10)}T00:00:00Z`),
      weightLb: request.weightLb ?? null,
      name: request.name,
      email: `${slug}@shipper.example`,
      company: request.company ?? null,
      message: request.message ?? null,
      quotedCents: request.quotedCents ?? null,
      quotedAt: request.answeredAfterMinutes ? new Date(createdAt.getTime() + request.answeredAfterMinutes * 60_000) : null,
      decidedAt: request.status === 'won' || request.status === 'lost' ? new Date(createdAt.getTime() + 2 * day) : null,
      lostReason: request.lostReason ?? null,
      answeredById: request.status === 'new' ? null : (dispatcher?.id ?? null),
      createdAt,
    }
  })
  // Oldest first, so numbers follow arrival.
  rows.reverse().forEach((row, index) => (row.number = index + 1))
  await prisma.quoteRequest.createMany({ data: rows })
  await prisma.organization.update({ where: { id: organizationId }, data: { nextQuoteNumber: rows.length + 1 } })
  return rows.length
}
