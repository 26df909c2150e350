import type { RefObject } from 'react'

import ConfirmDialogContent from '~/components/ui/confirm-dialog-content'
import { useTranslation } from '~/hooks/use-translation'

import { MoveFields } from './status-actions'

/** The cancel confirmation with JavaScript: the same POST form as the page's, in the shared dialog. */
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
  return (
    <ConfirmDialogContent
      title={t('loads.cancel.title', { number: loadNumber })}
      description={t('loads.cancel.description')}
      onClose={onClose}
      returnFocus={returnFocus}
      keepLabel={t('loads.cancel.keep')}
      confirm={{ label: t('loads.cancel.confirm') }}
    >
      <MoveFields to="canceled" version={version} />
    </ConfirmDialogContent>
  )
}
