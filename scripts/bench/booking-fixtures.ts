/**
 * The bench's quote requests and driver bulletins, added to the bench user's
 * organization after the seed: 300 quote requests (every status; quoted, won and lost ones
 * answered by the admin or a dispatcher, a few won ones converted to the organization's loads;
 * numbers taken from the organization's sequence, as the app takes them) and 150 bulletins
 * (published and drafts, a third requiring acknowledgment, acknowledged by drivers and now and then
 * by the admin, half with comments, some with a cover row, a few without an author). One
 * multi-row INSERT per table in one transaction; rows are marked by their `bench-` ids, so a kept
 * database (--keep-data) is seeded once. Cover rows name no stored file: the lists read their
 * names and sizes only. Bodies' HTML is written here as the renderer would (plain paragraphs).
 */
import pg from 'pg'

import { insert, seedOnce } from './messages-fixtures'

export const QUOTES = 300
export const POSTS = 150
const QUOTE_STATUSES = ['new', 'quoted', 'won', 'lost'] as const
const EQUIPMENT = ['dry_van', 'reefer', 'flatbed', 'step_deck', 'lowboy', 'tanker', 'power_only', 'other'] as const
const CITIES: Array<[string, string]> = [
  ['Dallas', 'TX'],
  ['Houston', 'TX'],
  ['Atlanta', 'GA'],
  ['Memphis', 'TN'],
  ['Denver', 'CO'],
  ['Phoenix', 'AZ'],
  ['Chicago', 'IL'],
  ['Los Angeles', 'CA'],
  ['Kansas City', 'MO'],
  ['Nashville', 'TN'],
  ['New Orleans', 'LA'],
  ['Albuquerque', 'NM'],
]
const TAGS = ['safety', 'pay', 'winter', 'hos', 'equipment', 'events', 'fuel']

type Row = Record<string, unknown>

const pad = (n: number) => String(n).padStart(4, '0')

async function benchUsers(client: pg.ClientBase, email: string, what: string) {
  const { rows: admins } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
  if (!admins[0]) throw new Error(`no user ${email} to give ${what}`)
  const org = admins[0].organizationId
  // One after the other: a pg.Client runs one query at a time (queuing a second is deprecated).
  const { rows: drivers } = await client.query<{ id: string }>(
    `SELECT id FROM "User" WHERE "organizationId" = $1 AND role = 'driver' ORDER BY email LIMIT 20`,
    [org],
  )
  const { rows: dispatchers } = await client.query<{ id: string }>(
    `SELECT id FROM "User" WHERE "organizationId" = $1 AND role = 'dispatcher' ORDER BY email LIMIT 5`,
    [org],
  )
  if (!drivers.length) throw new Error(`the bench organization needs drivers for its ${what}`)
  return { admin: admins[0].id, org, drivers: drivers.map((row) => row.id), office: [admins[0].id, ...dispatchers.map((row) => row.id)] }
}

/** 300 quote requests of the bench organization, in one transaction; seeded once (their `bench-` ids). */
export function seedQuotes(url: string, email: string) {
  return seedOnce(url, 'QuoteRequest', async (client) => {
    const { org, office } = await benchUsers(client, email, 'quote requests')
    const { rows: loads } = await client.query<{ id: string }>(
      `SELECT l.id FROM "Load" l WHERE l."organizationId" = $1 AND NOT EXISTS (SELECT 1 FROM "QuoteRequest" q WHERE q."loadId" = l.id)
       ORDER BY l."loadNumber", l.id LIMIT 25`,
      [org],
    )
    // Distinct instants, so no list orders ties differently in app and baseline. The newest three
    // days ago (its answers are past too): the first page is mostly the bench's, after the demo's newest.
    const base = Date.now() - QUOTES * 25 * 60_000 - 3 * 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const day = (ms: number) => new Date(base + ms).toISOString().slice(0, 10)
    // Numbers continue the organization's sequence, as createQuoteRequest takes them.
    const { rows: sequence } = await client.query<{ first: number }>(
      `UPDATE "Organization" SET "nextQuoteNumber" = "nextQuoteNumber" + $2 WHERE id = $1 RETURNING "nextQuoteNumber" - $2 AS first`,
      [org, QUOTES],
    )
    const quotes: Row[] = []
    for (let i = 0; i < QUOTES; i++) {
      const status = QUOTE_STATUSES[i % QUOTE_STATUSES.length]
      const created = i * 25 * 60_000 + 7
      const [originCity, originState] = CITIES[i % CITIES.length]
      const [destinationCity, destinationState] = CITIES[(i * 5 + 3) % CITIES.length]
      // A lost request is sometimes lost before any price.
      const priced = status === 'quoted' || status === 'won' || (status === 'lost' && i % 3 !== 0)
      const answered = status !== 'new'
      const decided = status === 'won' || status === 'lost'
      const quotedAt = created + (30 + (i % 200)) * 60_000
      const decidedAt = created + 2 * 86_400_000
      // Every third won request became a load, the newest ones first (so the first page has some).
      const loadId = i % 12 === 6 ? (loads[Math.floor((QUOTES - 1 - i) / 12)]?.id ?? null) : null
      quotes.push({
        id: `bench-qr-${pad(i)}`,
        organizationId: org,
        number: sequence[0].first + i,
        status,
        originCity,
        originState,
        destinationCity,
        destinationState,
        equipmentType: EQUIPMENT[i % EQUIPMENT.length],
        pickupDate: day(created + (3 + (i % 9)) * 86_400_000),
        weightLb: i % 5 === 4 ? null : 8_000 + ((i * 1_337) % 36_000),
        name: `${['Maria', 'Owen', 'Li', 'Grace', 'Tom', 'Nadia', 'Victor'][i % 7]} ${['Lopez', 'Park', 'Wei', 'Kim', 'Becker', 'Haddad', 'Chen'][(i * 3) % 7]}`,
        email: `shipper${i}@bench.example`,
        company: i % 3 === 2 ? null : `Bench Shipper ${i % 41} Co.`,
        phone: i % 2 ? `+1 214 555 ${String(1000 + i).slice(-4)}` : null,
        message: i % 4 === 1 ? `Dock closes at 4 pm; call ahead (request ${i}).` : null,
        quotedCents: priced ? 90_000 + ((i * 7_919) % 300_000) : null,
        quoteNote: priced && i % 2 === 0 ? 'Fuel surcharge included.' : null,
        quotedAt: priced ? at(quotedAt) : null,
        decidedAt: decided ? at(decidedAt) : null,
        lostReason: status === 'lost' ? ['Went with a cheaper carrier.', 'Lane not served.', 'Pickup date moved.'][i % 3] : null,
        answeredById: answered ? office[i % office.length] : null,
        loadId,
        createdAt: at(created),
        updatedAt: at(decided ? decidedAt : priced ? quotedAt : created),
        version: 1 + (answered ? 1 : 0) + (decided ? 1 : 0),
      })
    }
    await insert(
      client,
      'QuoteRequest',
      {
        id: 'text',
        organizationId: 'text',
        number: 'int',
        status: '"QuoteStatus"',
        originCity: 'text',
        originState: 'text',
        destinationCity: 'text',
        destinationState: 'text',
        equipmentType: '"TrailerType"',
        pickupDate: 'date',
        weightLb: 'int',
        name: 'text',
        email: 'citext',
        company: 'text',
        phone: 'text',
        message: 'text',
        quotedCents: 'int',
        quoteNote: 'text',
        quotedAt: 'timestamptz',
        decidedAt: 'timestamptz',
        lostReason: 'text',
        answeredById: 'text',
        loadId: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      quotes,
    )
  })
}

/** 150 bulletins of the bench organization with their acknowledgments and comments, in one transaction; seeded once. */
export function seedPosts(url: string, email: string) {
  return seedOnce(url, 'Post', async (client) => {
    const { admin, org, drivers, office } = await benchUsers(client, email, 'bulletins')
    // One a day, the newest published a day ago.
    const base = Date.now() - (POSTS + 1) * 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const posts: Row[] = []
    const acknowledgments: Row[] = []
    const comments: Row[] = []
    for (let i = 0; i < POSTS; i++) {
      const id = `bench-po-${pad(i)}`
      const published = i % 5 !== 4
      const created = i * 3_600_000 * 24 + 11
      const publishedAt = published ? created + 3_600_000 : null
      const requires = i % 3 === 0
      const tags = TAGS.filter((_, k) => (i + k) % 4 === 0).slice(0, 1 + (i % 3))
      const paragraphs = [
        `Bulletin ${i} for every driver: read it before your next dispatch.`,
        `Check your ${['chains', 'logbook', 'tires', 'reefer unit', 'fuel card'][i % 5]} at the yard; questions go to dispatch.`,
        ...(i % 2 ? [`Pay, detention and layover rules are unchanged by this notice (${i}).`] : []),
      ]
      posts.push({
        id,
        organizationId: org,
        title: `${['Safety', 'Pay policy', 'Winter operations', 'Hours of service', 'Equipment', 'Team event', 'Fuel'][i % 7]} update ${i}`,
        description: i % 4 === 3 ? null : `What changes for drivers in update ${i}, in short.`,
        body: paragraphs.join('\n\n'),
        bodyHtml: paragraphs.map((text) => `<p>${text}</p>`).join('\n'),
        tags,
        status: published ? 'published' : 'draft',
        publishedAt: publishedAt === null ? null : at(publishedAt),
        requiresAcknowledgment: requires,
        coverStorageKey: i % 7 === 0 ? `bench/posts/${id}` : null,
        coverContentType: i % 7 === 0 ? 'image/jpeg' : null,
        coverFileName: i % 7 === 0 ? `cover-${i}.jpg` : null,
        coverSizeBytes: i % 7 === 0 ? 120_000 + i : null,
        // Every tenth post's author has left (the column is set null).
        authorId: i % 10 === 9 ? null : office[i % office.length],
        createdAt: at(created),
        updatedAt: at(created + 3_600_000),
        version: published ? 2 : 1,
      })
      if (published && requires) {
        for (let k = 0; k < i % drivers.length; k++) {
          acknowledgments.push({ postId: id, userId: drivers[k], organizationId: org, at: at(publishedAt! + (k + 1) * 60_000) })
        }
        // The bench user has read some of them too: the list shows its own acknowledgment.
        if (i % 2 === 0) acknowledgments.push({ postId: id, userId: admin, organizationId: org, at: at(publishedAt! + 30_000) })
      }
      if (published && i % 2 === 0) {
        for (let k = 0; k < 1 + (i % 4); k++) {
          comments.push({
            id: `bench-pc-${pad(i)}-${k}`,
            postId: id,
            organizationId: org,
            authorId: k === 3 ? null : k % 2 ? admin : drivers[(i + k) % drivers.length],
            body: `Comment ${k} on bulletin ${i}: noted, thanks.`,
            createdAt: at(publishedAt! + (k + 2) * 120_000),
          })
        }
      }
    }
    await insert(
      client,
      'Post',
      {
        id: 'text',
        organizationId: 'text',
        title: 'text',
        description: 'text',
        body: 'text',
        bodyHtml: 'text',
        tags: 'text[]',
        status: '"PostStatus"',
        publishedAt: 'timestamptz',
        requiresAcknowledgment: 'boolean',
        coverStorageKey: 'text',
        coverContentType: 'text',
        coverFileName: 'text',
        coverSizeBytes: 'int',
        authorId: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      posts,
    )
    await insert(client, 'PostAcknowledgment', { postId: 'text', userId: 'text', organizationId: 'text', at: 'timestamptz' }, acknowledgments)
    await insert(
      client,
      'PostComment',
      { id: 'text', postId: 'text', organizationId: 'text', authorId: 'text', body: 'text', createdAt: 'timestamptz' },
      comments,
    )
  })
}
