import * as Dialog from '@radix-ui/react-dialog'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { Button, buttonClass } from './button'
import type { ConfirmDeleteProps } from './confirm-dialog'

export default function ConfirmDialogContent({
  action,
  title,
  description,
  hidden,
  onClose,
  returnFocus,
}: ConfirmDeleteProps & { onClose: () => void; returnFocus: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
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
          <Form method="post" action={action} className="mt-6 flex justify-end gap-2">
            {Object.entries(hidden ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Dialog.Close className={buttonClass('secondary')}>{t('common.cancel')}</Dialog.Close>
            <Button type="submit" name="intent" value="delete" variant="danger" disabled={navigation.state !== 'idle'}>
              {t('common.delete')}
            </Button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
