import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'

import { useTranslation } from '~/hooks/use-translation'

import { Button, buttonClass } from './button'
import type { ConfirmDeleteProps } from './confirm-dialog'

type Props = Pick<ConfirmDeleteProps, 'title' | 'description' | 'hidden'> & {
  /** Where the form posts; the current route when absent. */
  action?: string
  onClose: () => void
  returnFocus: RefObject<HTMLButtonElement | null>
  /** Other confirmations than a delete (a load's cancel): their fields and button labels. */
  children?: ReactNode
  keepLabel?: string
  confirm?: { label: string; intent?: string }
}

/** A confirmation in a Radix dialog holding a plain POST form: deletes, and a load's cancel. */
export default function ConfirmDialogContent({ action, title, description, hidden, onClose, returnFocus, children, keepLabel, confirm }: Props) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  // Once its submission has settled the dialog closes, whatever the answer: after a refused
  // delete (a stale version) a dialog left open would post the refreshed version on a second
  // click and delete what the user has not seen.
  const submitted = useRef(false)
  useEffect(() => {
    // The dialog is modal, so the only form that can submit while it is open is its own.
    if (navigation.state === 'submitting') submitted.current = true
    else if (navigation.state === 'idle' && submitted.current) onClose()
  }, [navigation.state, onClose])
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-drawer bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-drawer w-[min(440px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus.current?.focus()
          }}
        >
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-2">
            {Object.entries(hidden ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {children}
            <Dialog.Close className={buttonClass('secondary')}>{keepLabel ?? t('common.cancel')}</Dialog.Close>
            <Button
              type="submit"
              name={confirm && !confirm.intent ? undefined : 'intent'}
              value={confirm ? confirm.intent : 'delete'}
              variant="danger"
              disabled={navigation.state !== 'idle'}
            >
              {confirm?.label ?? t('common.delete')}
            </Button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
