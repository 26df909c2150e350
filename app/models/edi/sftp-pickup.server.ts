/**
 * Interchanges a partner leaves on its SFTP server (ADR 148): every few minutes the job queue
 * takes what waits in each SFTP partner's pickup folder, each file once even with several app
 * servers (sftp-transport.server.ts claims it by a rename), and hands it to `receiveInterchange`,
 * the same reader as `POST /api/edi/inbound`: kept as a message, answered with a 997, its 204s
 * made tenders; a file whose envelope names another partner is kept as rejected and not answered
 * (ADR 150). The 997 is dropped into the partner's folder once the interchange is kept; a
 * partner whose server does not answer is skipped until the next run, the others still run.
 */
import { systemActor } from '~/policies/actor'
import { prisma } from '~/utils/db.server'
import { openSecret } from '~/utils/secret-box.server'

import { receiveInterchange } from './inbound.server'
import { EDI_INTERCHANGE_MAX_BYTES } from './interchange'
import { dropOutbound, pickUpInbound, type PickupOptions, SftpError, type SftpSettings } from './sftp-transport.server'

const SFTP_PARTNER = {
  id: true,
  organizationId: true,
  sftpHost: true,
  sftpPort: true,
  sftpUsername: true,
  sftpPasswordSealed: true,
  sftpPrivateKeySealed: true,
  sftpInboundDir: true,
  sftpOutboundDir: true,
} as const

type SftpPartner = { [K in keyof typeof SFTP_PARTNER]: K extends 'id' | 'organizationId' ? string : K extends 'sftpPort' ? number | null : string | null }

/** The partner's SFTP settings with its secret opened, or null when they are incomplete. */
export function settingsOf(partner: SftpPartner): SftpSettings | null {
  const { sftpHost: host, sftpUsername: username, sftpInboundDir: inboundDir, sftpOutboundDir: outboundDir } = partner
  if (!host || !username || !inboundDir || !outboundDir) return null
  const password = partner.sftpPasswordSealed ? openSecret(partner.sftpPasswordSealed) : null
  const privateKey = partner.sftpPrivateKeySealed ? openSecret(partner.sftpPrivateKeySealed) : null
  if (!password && !privateKey) return null
  return { host, port: partner.sftpPort ?? 22, username, password, privateKey, inboundDir, outboundDir }
}

export type PartnerPickup = {
  partnerId: string
  taken: string[]
  skipped: { name: string; reason: string }[]
  /** 997s dropped into the partner's folder. */
  acknowledged: number
  /** Why the partner was not reached (a stable code), or null. */
  error: string | null
}

/** One partner's pickup by its id (a test, or a run for one partner); see the module's comment. */
export async function pickUpPartner(partnerId: string, options: PickupOptions = {}): Promise<PartnerPickup> {
  return pickUp(await prisma.ediPartner.findUniqueOrThrow({ where: { id: partnerId }, select: SFTP_PARTNER }), options)
}

async function pickUp(partner: SftpPartner, options: PickupOptions): Promise<PartnerPickup> {
  const outcome: PartnerPickup = { partnerId: partner.id, taken: [], skipped: [], acknowledged: 0, error: null }
  let settings: SftpSettings | null
  try {
    settings = settingsOf(partner)
  } catch {
    return { ...outcome, error: 'sftp_secret_unreadable' }
  }
  if (!settings) return { ...outcome, error: 'sftp_settings_incomplete' }
  const acknowledgments: { name: string; raw: string }[] = []
  try {
    const result = await pickUpInbound(
      settings,
      async (file) => {
        const received = await receiveInterchange(systemActor(partner.organizationId), file.content.toString('utf8'), new Date(), {
          fromPartnerId: partner.id,
        })
        const answer = received.acknowledgment
        // A duplicate is answered with the first 997 again, under a name of its own (the first may still lie there).
        if (answer)
          acknowledgments.push({
            name: `997-${answer.controlNumber ?? Date.now()}${received.duplicateOf ? `-again-${received.message.id}` : ''}.x12`,
            raw: answer.raw,
          })
      },
      { maxBytes: EDI_INTERCHANGE_MAX_BYTES, ...options },
    )
    outcome.taken = result.taken
    outcome.skipped = result.skipped
  } catch (error) {
    outcome.error = error instanceof SftpError ? error.code : 'sftp_failed'
  }
  // The interchanges are kept whatever happens to their answers; an answer not dropped now is in
  // the message log, to download (sending it again is the outbound queue's, a later slice).
  for (const acknowledgment of acknowledgments) {
    try {
      await dropOutbound(settings, acknowledgment.name, acknowledgment.raw, options)
      outcome.acknowledged += 1
    } catch (error) {
      console.warn('[freightdesk] edi: a 997 was not dropped into the partner’s folder', partner.id, error instanceof Error ? error.message : error)
    }
  }
  return outcome
}

/** Every SFTP partner's pickup, one after the other (the job queue's `edi_sftp_pickup`). */
export async function pickUpFromPartners(options: PickupOptions = {}): Promise<PartnerPickup[]> {
  const partners = await prisma.ediPartner.findMany({ where: { transport: 'sftp' }, select: SFTP_PARTNER, orderBy: { id: 'asc' } })
  const outcomes: PartnerPickup[] = []
  for (const partner of partners) {
    const outcome = await pickUp(partner, options)
    if (outcome.error) console.warn('[freightdesk] edi: the partner’s SFTP server was not read', partner.id, outcome.error)
    outcomes.push(outcome)
  }
  return outcomes
}
