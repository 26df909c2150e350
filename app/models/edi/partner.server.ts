/**
 * Trading partners (ADR 147), shared by /dashboard/edi/partners and /api/edi/partners.
 * Reading them is `edi` read; writing them is the admin's (`edi` and `organization` update: the
 * identifiers and the transport's secrets). SFTP passwords and keys are sealed
 * (app/utils/secret-box.server.ts) and never answered: a form leaves them blank to keep them.
 */
import type { EdiPartner } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import {
  assertActorMay,
  assertId,
  assertReferences,
  assertUniqueFields,
  deleteVersioned,
  isForeignKeyViolation,
  ownReference,
  requireFound,
  rethrowReferenceGone,
  rethrowUnique,
  type UniqueIndexes,
  updateVersioned,
} from '~/models/records/records.server'
import type { EdiPartnerInput, EdiPartnerRecord, EdiPartnerUpdate } from '~/schemas/edi'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { sealSecret } from '~/utils/secret-box.server'

const NOT_FOUND = 'edi.errors.partnerNotFound'
const ENTITY = 'ediPartner'
const UNIQUE: UniqueIndexes = {
  EdiPartner_organizationId_name_key: { field: 'name', messageKey: 'edi.errors.nameTaken' },
  EdiPartner_organizationId_isaQualifier_isaId_key: { field: 'isaId', messageKey: 'edi.errors.isaTaken' },
  EdiPartner_organizationId_gsId_key: { field: 'gsId', messageKey: 'edi.errors.gsTaken' },
}

/** Partners' writes are the admin's: `edi` for the module, `organization` update for its settings. */
function assertAdmin(actor: Actor, action: 'create' | 'update' | 'delete') {
  assertActorMay(actor, action, 'edi')
  assertActorMay(actor, 'update', 'organization')
}

/** What the audit log keeps: never a secret, only whether one was set. */
function audited(partner: Partial<EdiPartner>) {
  const { sftpPasswordSealed, sftpPrivateKeySealed, lastControlNumber: _last, createdAt: _c, updatedAt: _u, version: _v, ...rest } = partner
  return { ...rest, sftpPassword: sftpPasswordSealed ? 'stored' : null, sftpPrivateKey: sftpPrivateKeySealed ? 'stored' : null }
}

function columns(input: EdiPartnerInput, stored?: EdiPartner) {
  const sftp = input.transport === 'sftp' ? input.sftp : undefined
  const password = sftp?.password ? sealSecret(sftp.password) : sftp ? (stored?.sftpPasswordSealed ?? null) : null
  const privateKey = sftp?.privateKey ? sealSecret(sftp.privateKey) : sftp ? (stored?.sftpPrivateKeySealed ?? null) : null
  if (sftp && !password && !privateKey)
    throw new DomainError('validation_failed', 'validation.failed', { fields: { 'sftp.password': ['edi.errors.sftpSecret'] } })
  return {
    name: input.name,
    brokerId: input.brokerId,
    isaQualifier: input.isaQualifier,
    isaId: input.isaId,
    gsId: input.gsId,
    ourIsaQualifier: input.ourIsaQualifier,
    ourIsaId: input.ourIsaId,
    ourGsId: input.ourGsId,
    transport: input.transport,
    sftpHost: sftp?.host || null,
    sftpPort: sftp ? (sftp.port ?? 22) : null,
    sftpUsername: sftp?.username || null,
    sftpPasswordSealed: password,
    sftpPrivateKeySealed: privateKey,
    sftpInboundDir: sftp?.inboundDir || null,
    sftpOutboundDir: sftp?.outboundDir || null,
    httpUrl: input.transport === 'http' ? input.httpUrl || null : null,
    send214: input.send214,
    send210: input.send210,
  }
}

const brokerReference = (organizationId: string, brokerId: string) => ownReference(organizationId, 'broker', 'brokerId', brokerId, 'edi.errors.brokerUnknown')

export async function listPartners(organizationId: string) {
  return prisma.ediPartner.findMany({
    where: { organizationId },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    include: { broker: { select: { id: true, name: true } } },
  })
}

export async function getPartner(organizationId: string, id: string, db: Tx | typeof prisma = prisma) {
  assertId(id, NOT_FOUND)
  return requireFound(await db.ediPartner.findFirst({ where: { id, organizationId }, include: { broker: { select: { id: true, name: true } } } }), NOT_FOUND)
}

export async function createPartner(actor: Actor, input: EdiPartnerInput) {
  assertAdmin(actor, 'create')
  const references = [brokerReference(actor.organizationId, input.brokerId)]
  try {
    return await prisma.$transaction(async (tx) => {
      await assertReferences(tx, references)
      await assertUniqueFields(tx.ediPartner, actor.organizationId, undefined, UNIQUE, input)
      const partner = await tx.ediPartner.create({ data: { organizationId: actor.organizationId, ...columns(input) } })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: partner.id, action: 'create', after: audited(partner) })
      return partner
    })
  } catch (error) {
    rethrowReferenceGone(error, references)
    rethrowUnique(error, UNIQUE)
  }
}

/** Saves the whole partner at the version read (else 409); blank secrets keep the stored ones. */
export async function updatePartner(actor: Actor, id: string, input: EdiPartnerUpdate) {
  assertAdmin(actor, 'update')
  const references = [brokerReference(actor.organizationId, input.brokerId)]
  try {
    await prisma.$transaction(async (tx) => {
      await assertReferences(tx, references)
      await assertUniqueFields(tx.ediPartner, actor.organizationId, id, UNIQUE, input)
      const { before, data } = await updateVersioned(tx.ediPartner, { id, organizationId: actor.organizationId }, input.version, NOT_FOUND, async (stored) =>
        columns(input, stored),
      )
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before: audited(before), after: audited({ ...before, ...data }) })
    })
  } catch (error) {
    rethrowReferenceGone(error, references)
    rethrowUnique(error, UNIQUE)
  }
  return getPartner(actor.organizationId, id)
}

/** Deletes a partner that has exchanged nothing yet; one with messages or tenders is 409 `in_use`. */
export async function deletePartner(actor: Actor, id: string, version?: number) {
  assertAdmin(actor, 'delete')
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await deleteVersioned(tx.ediPartner, { id, organizationId: actor.organizationId }, version, NOT_FOUND)
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before: audited(before) })
      return before
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError('in_use', 'edi.errors.partnerInUse')
    throw error
  }
}

/**
 * The partner an interchange comes from: its ISA sender (qualifier and ID, any case) among the
 * organization's partners, sent to our ISA receiver; null when none matches.
 */
export async function findPartnerByEnvelope(
  organizationId: string,
  envelope: { senderQualifier: string; senderId: string; receiverQualifier: string; receiverId: string },
) {
  const partner = await prisma.ediPartner.findFirst({ where: { organizationId, isaQualifier: envelope.senderQualifier, isaId: envelope.senderId } })
  if (!partner) return null
  const ours = partner.ourIsaQualifier === envelope.receiverQualifier && partner.ourIsaId.toLowerCase() === envelope.receiverId.toLowerCase()
  return ours ? partner : null
}

/**
 * The next control number we use towards a partner (ISA13 and GS06 of what we send): the row's
 * counter moves under its lock, so parallel answers never share one (the unique index on the
 * message log has the last word). After 999999999 it starts again at 1.
 */
export async function nextControlNumber(tx: Tx, partnerId: string) {
  const [row] = await tx.$queryRaw<{ lastControlNumber: number }[]>`
    UPDATE "EdiPartner" SET "lastControlNumber" = CASE WHEN "lastControlNumber" >= 999999999 THEN 1 ELSE "lastControlNumber" + 1 END
    WHERE "id" = ${partnerId} RETURNING "lastControlNumber"`
  return requireFound(row, NOT_FOUND).lastControlNumber
}

type ListedPartner = EdiPartner

/** A partner as the API answers it: never a secret, only whether one is stored. */
export function serializePartner(partner: ListedPartner): EdiPartnerRecord {
  return {
    id: partner.id,
    name: partner.name,
    brokerId: partner.brokerId,
    isaQualifier: partner.isaQualifier,
    isaId: partner.isaId,
    gsId: partner.gsId,
    ourIsaQualifier: partner.ourIsaQualifier,
    ourIsaId: partner.ourIsaId,
    ourGsId: partner.ourGsId,
    transport: partner.transport,
    sftp: {
      host: partner.sftpHost,
      port: partner.sftpPort,
      username: partner.sftpUsername,
      hasPassword: partner.sftpPasswordSealed !== null,
      hasPrivateKey: partner.sftpPrivateKeySealed !== null,
      inboundDir: partner.sftpInboundDir,
      outboundDir: partner.sftpOutboundDir,
    },
    httpUrl: partner.httpUrl,
    send214: partner.send214,
    send210: partner.send210,
    createdAt: partner.createdAt.toISOString(),
    updatedAt: partner.updatedAt.toISOString(),
    version: partner.version,
  }
}

/** The brokers a partner may tender for (the form's select). */
export async function partnerBrokerOptions(organizationId: string) {
  return prisma.broker.findMany({ where: { organizationId }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] })
}
