/**
 * The bench's chat and mail, added to the bench user's organization after the seed:
 * 30 conversations of the user (load, direct and group ones, a few messages each, some with
 * attachments, unread counts, one without messages) and 200 messages in each of the user's own
 * and the shared inbox (plus 20 sent each, so the folder filter has rows to leave out). A few
 * multi-row INSERTs in one transaction (well under a second); rows are marked by their `bench-`
 * ids, so a kept database (--keep-data) is seeded once. Attachment rows name no stored file:
 * the lists read their names and sizes only.
 */
import pg from 'pg'

export const CONVERSATIONS = 30
export const INBOX_MESSAGES = 200
const MESSAGES_PER_CONVERSATION = 4
const SENT_MESSAGES = 20

type Row = Record<string, unknown>

/** INSERT of rows given as JSON: only the named columns, the table's defaults for the rest. */
/**
 * Seeds the bench's rows once: unless `table` already holds rows with `bench-` ids (a kept
 * database, --keep-data), runs `seed` in one transaction on a connection of its own. True when it did.
 */
export async function seedOnce(url: string, table: string, seed: (client: pg.ClientBase) => Promise<void>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: found } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE id LIKE 'bench-%'`)
    if (Number(found[0].n) > 0) return false
    await client.query('BEGIN')
    await seed(client)
    await client.query('COMMIT')
    return true
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    await client.end()
  }
}

export async function insert(client: pg.ClientBase, table: string, columns: Record<string, string>, rows: Row[]) {
  if (!rows.length) return
  const names = Object.keys(columns)
  const quoted = names.map((name) => `"${name}"`).join(', ')
  const types = names.map((name) => `"${name}" ${columns[name]}`).join(', ')
  await client.query(`INSERT INTO "${table}" (${quoted}) SELECT ${quoted} FROM json_to_recordset($1::json) AS x(${types})`, [JSON.stringify(rows)])
}

const pad = (n: number) => String(n).padStart(4, '0')

export function seedMessages(url: string, email: string) {
  return seedOnce(url, 'Conversation', async (client) => {
    const { rows: admins } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
    const admin = admins[0]
    if (!admin) throw new Error(`no user ${email} to give chat and mail`)
    const org = admin.organizationId
    const { rows: others } = await client.query<{ id: string; firstName: string; lastName: string; email: string }>(
      `SELECT id, "firstName", "lastName", email FROM "User" WHERE "organizationId" = $1 AND id <> $2 AND status = 'active' ORDER BY email`,
      [org, admin.id],
    )
    if (others.length < 3) throw new Error('the bench organization needs three more users for its chat fixtures')
    const { rows: loads } = await client.query<{ id: string }>(
      `SELECT l.id FROM "Load" l WHERE l."organizationId" = $1 AND NOT EXISTS (SELECT 1 FROM "Conversation" c WHERE c."loadId" = l.id)
       ORDER BY l."loadNumber" LIMIT 5`,
      [org],
    )

    // Distinct instants everywhere a list orders by time, so app and baseline cannot order ties differently.
    const base = Date.now() - 40 * 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const conversations: Row[] = []
    const participants: Row[] = []
    const messages: Row[] = []
    const attachments: Row[] = []
    let directs = 0
    for (let i = 0; i < CONVERSATIONS; i++) {
      const id = `bench-cv-${pad(i)}`
      const created = i * 3_600_000
      let people: string[]
      let kind: 'load' | 'direct' | 'group'
      let extra: Row = {}
      if (i < loads.length) {
        kind = 'load'
        people = [others[i % others.length].id]
        extra = { loadId: loads[i].id }
      } else if (directs < Math.min(5, others.length)) {
        kind = 'direct'
        people = [others[directs].id]
        extra = { directKey: [admin.id, others[directs].id].sort().join(':') }
        directs++
      } else {
        kind = 'group'
        people = [0, 1, 2].slice(0, 2 + (i % 2)).map((k) => others[(i + k) % others.length].id)
        extra = { title: i % 4 === 0 ? null : `Bench group ${i}` }
      }
      // The last conversation has no message yet (lastMessage null, listed last).
      const count = i === CONVERSATIONS - 1 ? 0 : MESSAGES_PER_CONVERSATION
      const last = created + count * 60_000
      conversations.push({
        id,
        organizationId: org,
        kind,
        title: null,
        directKey: null,
        loadId: null,
        ...extra,
        createdById: admin.id,
        lastMessageAt: count ? at(last) : null,
        createdAt: at(created),
        updatedAt: at(last),
        version: 1 + count,
      })
      const members = [admin.id, ...people]
      members.forEach((userId, k) => {
        const mine = userId === admin.id
        participants.push({
          conversationId: id,
          userId,
          unreadCount: mine ? i % 4 : 0,
          lastReadAt: mine && i % 4 === 0 && count ? at(last) : null,
          joinedAt: at(created + k),
        })
      })
      for (let j = 0; j < count; j++) {
        const messageId = `bench-cm-${pad(i)}-${j}`
        const withFile = j === count - 1 && i % 3 === 0
        messages.push({
          id: messageId,
          conversationId: id,
          organizationId: org,
          // One message of a person since removed (no sender).
          senderId: i === 7 && j === count - 1 ? null : members[j % members.length],
          body: withFile ? (i % 2 ? '' : 'The signed BOL') : `Message ${j + 1} of conversation ${i}: pickup moved to 14:30, dock 4 — confirm?`,
          contentType: withFile ? (i % 2 ? 'file' : 'image') : 'text',
          createdAt: at(created + (j + 1) * 60_000),
        })
        if (withFile) {
          for (let f = 0; f < (i === 0 ? 2 : 1); f++) {
            attachments.push({
              id: `bench-ca-${pad(i)}-${f}`,
              messageId,
              organizationId: org,
              fileName: i % 2 ? `rate-confirmation-${i}.pdf` : `photo-${i}-${f}.jpg`,
              contentType: i % 2 ? 'application/pdf' : 'image/jpeg',
              sizeBytes: 120_000 + i * 1_000 + f,
              storageKey: `bench/chat/${messageId}/${f}`,
              createdAt: at(created + (j + 1) * 60_000 + f),
            })
          }
        }
      }
    }

    const mail: Row[] = []
    const mailAttachments: Row[] = []
    for (const owner of [admin.id, null]) {
      for (let i = 0; i < INBOX_MESSAGES + SENT_MESSAGES; i++) {
        const id = `bench-ml-${owner ? 'own' : 'shared'}-${pad(i)}`
        const sent = i >= INBOX_MESSAGES
        const person = others[i % others.length]
        const created = at(i * 600_000 + (owner ? 1 : 0))
        const text = `Hello,\n\nPlease find the rate confirmation for load ${1000 + i} attached. Pickup Monday 08:00 in Dallas, TX; delivery Wednesday in Memphis, TN.\n\nThanks,\nBroker desk ${i % 9}`
        mail.push({
          id,
          organizationId: org,
          ownerId: owner,
          folder: sent ? 'sent' : 'inbox',
          fromName: sent ? '' : `Broker ${i % 17}`,
          fromEmail: sent ? email : `desk${i % 17}@broker${i % 5}.example`,
          to: [{ name: `${person.firstName} ${person.lastName}`, email: person.email }],
          cc: i % 6 === 0 ? [{ name: '', email: `ops${i % 3}@broker.example` }] : [],
          subject: `Load ${1000 + i}: rate confirmation${i % 4 === 0 ? ' & BOL' : ''}`,
          text,
          html: i % 5 === 0 ? `<p>Hello,</p><p>Please find the rate confirmation for load <b>${1000 + i}</b> attached.</p>` : null,
          snippet: text.replace(/\s+/g, ' ').slice(0, 140),
          isRead: i % 3 !== 0,
          isStarred: i % 7 === 0,
          isImportant: i % 11 === 0,
          labels: i % 5 === 0 ? ['broker', 'rate-con'] : [],
          messageId: `<${id}@bench.example>`,
          sentAt: sent ? created : null,
          delivery: sent ? 'sent' : null,
          createdAt: created,
          updatedAt: created,
        })
        if (i % 10 === 0) {
          mailAttachments.push({
            id: `${id}-a`,
            messageId: id,
            organizationId: org,
            fileName: `rate-confirmation-${1000 + i}.pdf`,
            contentType: 'application/pdf',
            sizeBytes: 80_000 + i,
            storageKey: `bench/mail/${id}`,
            createdAt: created,
          })
        }
      }
    }

    await insert(
      client,
      'Conversation',
      {
        id: 'text',
        organizationId: 'text',
        kind: '"ConversationKind"',
        title: 'text',
        directKey: 'text',
        loadId: 'text',
        createdById: 'text',
        lastMessageAt: 'timestamptz',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      conversations,
    )
    await insert(
      client,
      'ConversationParticipant',
      { conversationId: 'text', userId: 'text', unreadCount: 'int', lastReadAt: 'timestamptz', joinedAt: 'timestamptz' },
      participants,
    )
    await insert(
      client,
      'ChatMessage',
      {
        id: 'text',
        conversationId: 'text',
        organizationId: 'text',
        senderId: 'text',
        body: 'text',
        contentType: '"ChatContentType"',
        createdAt: 'timestamptz',
      },
      messages,
    )
    const attachmentColumns = {
      id: 'text',
      messageId: 'text',
      organizationId: 'text',
      fileName: 'text',
      contentType: 'text',
      sizeBytes: 'int',
      storageKey: 'text',
      createdAt: 'timestamptz',
    }
    await insert(client, 'ChatAttachment', attachmentColumns, attachments)
    await insert(
      client,
      'MailMessage',
      {
        id: 'text',
        organizationId: 'text',
        ownerId: 'text',
        folder: '"MailFolder"',
        fromName: 'text',
        fromEmail: 'text',
        to: 'jsonb',
        cc: 'jsonb',
        subject: 'text',
        text: 'text',
        html: 'text',
        snippet: 'text',
        isRead: 'boolean',
        isStarred: 'boolean',
        isImportant: 'boolean',
        labels: 'text[]',
        messageId: 'text',
        sentAt: 'timestamptz',
        delivery: '"MailDelivery"',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      mail,
    )
    await insert(client, 'MailAttachment', attachmentColumns, mailAttachments)
  })
}
