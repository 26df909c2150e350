import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef, type RefObject } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button'
import { useTranslation } from '~/utils/use-translation'
import { MoveFields } from './status-actions'

/** The cancel confirmation with JavaScript: the same POST form as the page's, in a Radix dialog. */
export default function CancelDialogContent({
  version,
  loadNumber,
  onClose,
  returnFocus,
}: {
  version: number
  loadNumber: string
  onClose: () => void
  returnFocus: RefObject<HTMLButtonElement | null>
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  // Closes once its submission has settled, whatever the answer (a refusal shows on the page).
  const submitted = useRef(false)
  useEffect(() => {
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
          <Dialog.Title className="text-lg font-bold">{t('loads.cancel.title', { number: loadNumber })}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{t('loads.cancel.description')}</Dialog.Description>
          <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
            <MoveFields to="canceled" version={version} />
            <Dialog.Close className={buttonClass('secondary')}>{t('loads.cancel.keep')}</Dialog.Close>
            <Button type="submit" variant="danger" disabled={navigation.state !== 'idle'}>
              {t('loads.cancel.confirm')}
            </Button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
