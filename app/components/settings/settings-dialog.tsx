import * as Dialog from '@radix-ui/react-dialog'
import type { RefObject } from 'react'

import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'

import { iconButton, panelClass } from './settings-chrome'
import { Panel } from './settings-panel'

/** The drawer as a modal dialog (focus trap, Escape, outside click); loaded on first open. */
export default function SettingsDialog({ onClose, returnFocus }: { onClose: () => void; returnFocus: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-drawer bg-transparent" />
        <Dialog.Content
          className={panelClass}
          data-testid="settings-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus.current?.focus()
          }}
        >
          <Panel
            Title={Dialog.Title}
            close={
              <Dialog.Close className={iconButton} aria-label={t('common.close')} title={t('common.close')}>
                <Icon name="close" size={18} />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
