/**
 * The demo organization's driver bulletins: a winter safety notice and a pay policy
 * update that drivers must acknowledge (some have, the demo driver has still to read the safety
 * notice: the navigation shows the badge), a team event with comments, and a draft in progress.
 * Bodies are Markdown, rendered and sanitized as the app does when a post is written.
 */
import { renderPostMarkdown } from '../app/utils/post-markdown.server'

type PrismaLike = typeof import('../app/utils/db.server').prisma

const DAY = 24 * 60 * 60 * 1000

type DemoPost = {
  title: string
  description: string
  body: string
  tags: string[]
  status: 'draft' | 'published'
  daysAgo: number
  requiresAcknowledgment: boolean
  author: 'admin' | 'dispatcher'
  /** Who has acknowledged, by email, and how many hours after publishing. */
  acknowledged?: Array<[string, number]>
  comments?: Array<[string, string, number]>
}

const POSTS: DemoPost[] = [
  {
    title: 'Winter operations: chain laws on I-70 and I-25',
    description: 'Colorado’s traction and chain laws are in force from September to May. Carry chains and know when they go on.',
    body: `Colorado enforces its **Commercial Vehicle Chain Law** on I-70 between Dotsero and Morrison, and CDOT may activate it on any state highway.

## What you must carry
- Chains for at least **four drive wheels** (or an approved alternative traction device)
- Gloves, a flashlight and a tarp to kneel on

## When the law is active
1. Watch for the signs and listen to CDOT radio (530/1610 AM).
2. Chain up **at the designated areas only**, never on the shoulder of the travel lane.
3. Fines start at **$500**, and **$1,500** if you block the highway.

Check live conditions at [cotrip.org](https://www.cotrip.org) before you leave a Denver or Grand Junction stop. If in doubt, call dispatch: no load is worth a jackknife.`,
    tags: ['safety', 'winter'],
    status: 'published',
    daysAgo: 5,
    requiresAcknowledgment: true,
    author: 'dispatcher',
    acknowledged: [
      ['driver2@freightdesk.test', 3],
      ['driver3@freightdesk.test', 20],
    ],
    comments: [['driver2@freightdesk.test', 'Chains checked at the yard this morning, both sets are good.', 4]],
  },
  {
    title: 'Updated detention and layover pay policy',
    description: 'From December 1, detention pays from the second hour at the shipper or receiver, and layovers pay a flat $150.',
    body: `Starting **December 1**, detention and layover pay change as follows:

| Event | Pay |
|---|---|
| Detention, after 2 free hours | $25 per hour, in 15-minute steps |
| Layover (load not ready next day) | $150 flat |
| Truck order not used | $75 flat |

To be paid, **record your arrival and departure in the app** at every stop (on "My loads") and upload a signed BOL showing the in and out times. Dispatch approves detention within 48 hours.

Questions go to accounting or your dispatcher.`,
    tags: ['policy', 'pay'],
    status: 'published',
    daysAgo: 12,
    requiresAcknowledgment: true,
    author: 'admin',
    acknowledged: [
      ['driver@freightdesk.test', 6],
      ['driver2@freightdesk.test', 30],
      ['accountant@freightdesk.test', 50],
    ],
  },
  {
    title: 'Driver appreciation BBQ — Saturday, December 12',
    description: 'Brisket, families welcome, and the safe-driving awards. At the Dallas yard from noon.',
    body: `Thank you for a safe and busy year. Join us at the **Dallas yard, 1820 Regal Row**, on **Saturday, December 12 from 12:00 to 4:00 pm**.

- Brisket and sides from Pecan Lodge
- The year’s safe-driving awards at 2:00 pm
- Families welcome; bring the kids

Let your dispatcher know if you are on the road that weekend and we will save you a plate.`,
    tags: ['event', 'team'],
    status: 'published',
    daysAgo: 2,
    requiresAcknowledgment: false,
    author: 'admin',
    comments: [
      ['driver@freightdesk.test', 'I will be back from Memphis Friday night, count me and two kids in.', 5],
      ['accountant@freightdesk.test', 'Accounting is bringing dessert!', 9],
    ],
  },
  {
    title: 'New ELD units: installation schedule',
    description: 'Every truck gets the new ELD in January. Your installation slot and what to bring.',
    body: `We are replacing the ELD in every truck during **January**. Each installation takes about **45 minutes** at the Dallas yard.

*Schedule to follow once the units arrive.*`,
    tags: ['equipment', 'eld'],
    status: 'draft',
    daysAgo: 1,
    requiresAcknowledgment: true,
    author: 'dispatcher',
  },
]

export async function seedBulletins(prisma: PrismaLike, organizationId: string, now = new Date()) {
  const users = await prisma.user.findMany({ where: { organizationId }, select: { id: true, email: true, role: true } })
  const byEmail = new Map(users.map((user) => [user.email.toLowerCase(), user.id]))
  const firstOf = (role: string) => users.find((user) => user.role === role)?.id ?? null
  const existing = new Set((await prisma.post.findMany({ where: { organizationId }, select: { title: true } })).map((row) => row.title))
  for (const demo of POSTS) {
    if (existing.has(demo.title)) continue
    const publishedAt = new Date(now.getTime() - demo.daysAgo * DAY)
    const post = await prisma.post.create({
      data: {
        organizationId,
        title: demo.title,
        description: demo.description,
        body: demo.body,
        bodyHtml: renderPostMarkdown(demo.body),
        tags: demo.tags,
        status: demo.status,
        publishedAt: demo.status === 'published' ? publishedAt : null,
        requiresAcknowledgment: demo.requiresAcknowledgment,
        authorId: firstOf(demo.author),
        createdAt: publishedAt,
      },
    })
    const acknowledgments = (demo.acknowledged ?? []).flatMap(([email, hours]) => {
      const userId = byEmail.get(email)
      return userId ? [{ postId: post.id, userId, organizationId, at: new Date(publishedAt.getTime() + hours * 60 * 60 * 1000) }] : []
    })
    if (acknowledgments.length) await prisma.postAcknowledgment.createMany({ data: acknowledgments, skipDuplicates: true })
    for (const [email, body, hours] of demo.comments ?? []) {
      const authorId = byEmail.get(email)
      if (authorId)
        await prisma.postComment.create({
          data: { postId: post.id, organizationId, authorId, body, createdAt: new Date(publishedAt.getTime() + hours * 60 * 60 * 1000) },
        })
    }
  }
}
