import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { useHydrated } from '~/utils/use-hydrated'
import { Button, buttonClass } from './button'
import { Icon } from './icons'

/**
 * Delete with confirmation: with JavaScript a Radix dialog holding a plain POST form; without it,
 * a link to the route's confirm page (`fallbackHref`), which posts the same form.
 */
export function ConfirmDelete({
  action,
  fallbackHref,
  title,
  description,
  hidden,
  triggerLabel,
}: {
  action: string
  fallbackHref: string
  title: string
  description: ReactNode
  hidden?: Record<string, string | number>
  triggerLabel: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const triggerClass = 'grid size-9 place-items-center rounded-full text-error hover:bg-error/10'
  if (!hydrated) {
    return (
      <Link to={fallbackHref} className={triggerClass} aria-label={triggerLabel} title={triggerLabel}>
        <Icon name="trash" size={18} />
      </Link>
    )
  }
  return (
    <Dialog.Root>
      <Dialog.Trigger className={triggerClass} aria-label={triggerLabel} title={triggerLabel}>
        <Icon name="trash" size={18} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-drawer bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-drawer w-[min(440px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-2xl">
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
