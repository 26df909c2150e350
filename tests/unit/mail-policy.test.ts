/** The mail policy (app/policies/mail.ts): which mailbox each role reads and writes, and what each folder allows. */
import { describe, expect, it } from 'vitest'

import { defaultBox, mailMoveRefusal, mailOffers, mailRefusal, readableBoxes, writesBox } from '~/policies/mail'

describe('mail policy', () => {
  it('gives every role its own mailbox and the office the shared one; viewers only read, drivers never see the shared one', () => {
    expect(readableBoxes('admin')).toEqual(['shared', 'own'])
    expect(readableBoxes('dispatcher')).toEqual(['shared', 'own'])
    expect(readableBoxes('accountant')).toEqual(['shared', 'own'])
    expect(readableBoxes('viewer')).toEqual(['shared', 'own'])
    expect(readableBoxes('driver')).toEqual(['own'])
    expect(defaultBox('dispatcher')).toBe('shared')
    expect(defaultBox('driver')).toBe('own')
    expect(writesBox('viewer', 'shared')).toBe(false)
    expect(writesBox('viewer', 'own')).toBe(false)
    expect(writesBox('driver', 'own')).toBe(true)
    expect(writesBox('driver', 'shared')).toBe(false)
  })

  it('edits and sends drafts only, answers neither drafts nor trash, restores and deletes for good only from trash', () => {
    expect(mailRefusal('send', { folder: 'drafts' })).toBeNull()
    expect(mailRefusal('edit', { folder: 'sent' })?.code).toBe('invalid_transition')
    expect(mailRefusal('reply', { folder: 'inbox' })).toBeNull()
    expect(mailRefusal('reply', { folder: 'sent' })).toBeNull()
    expect(mailRefusal('forward', { folder: 'drafts' })?.key).toBe('mail.errors.cannotAnswer')
    expect(mailRefusal('trash', { folder: 'trash' })?.key).toBe('mail.errors.alreadyTrash')
    expect(mailRefusal('restore', { folder: 'inbox' })?.key).toBe('mail.errors.notInTrash')
    expect(mailRefusal('deleteForever', { folder: 'trash' })).toBeNull()
  })

  it('moves to trash from anywhere and out of it only back where the message was', () => {
    expect(mailMoveRefusal('sent', 'trash', null)).toBeNull()
    expect(mailMoveRefusal('trash', 'sent', 'sent')).toBeNull()
    expect(mailMoveRefusal('trash', 'inbox', 'sent')?.code).toBe('invalid_transition')
    expect(mailMoveRefusal('inbox', 'sent', null)?.code).toBe('invalid_transition')
    expect(mailMoveRefusal('inbox', 'drafts', null)?.code).toBe('invalid_transition')
  })

  it('offers a viewer nothing to do, and a dispatcher what the folder allows', () => {
    const inbox = { folder: 'inbox' as const, ownerId: null }
    expect(Object.values(mailOffers('viewer', inbox)).some(Boolean)).toBe(false)
    expect(mailOffers('dispatcher', inbox)).toMatchObject({ reply: true, forward: true, trash: true, restore: false, edit: false, deleteForever: false })
    expect(mailOffers('driver', inbox).star).toBe(false)
  })
})
