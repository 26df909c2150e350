import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'

import { Button, buttonClass, ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { ROAD, type RoadStatus } from '~/policies/load'
import { type LoadStatus } from '~/schemas/load-options'
import { withParams } from '~/utils/with-params'

// Radix loads when the dialog first opens, not with the page.
const CancelDialog = lazy(() => import('./cancel-dialog-content'))

/** The label of a move: most are named by where the load goes, taking the assignment off by where it comes from. */
export function moveLabelKey(from: LoadStatus, to: LoadStatus) {
  return from === 'dispatched' && to === 'booked' ? 'loads.actions.unassign' : `loads.actions.to.${to}`
}

/** The hidden fields every status form posts: the intent, where to, and the version the user saw. */
export function MoveFields({ to, version }: { to: LoadStatus; version: number }) {
  return (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={to} />
      <input type="hidden" name="version" value={version} />
    </>
  )
}

/**
 * One button per move the load policy offers (the loader's `loadOffers`), each a plain POST form
 * (no JavaScript needed). Cancel asks first: with JavaScript in a dialog, without it on the page
 * (`?confirm=cancel`). Reopen (admins, delivered loads) asks on the page, with or without JavaScript
 * (`?confirm=reopen`), for the reason the audit log keeps.
 */
export function StatusActions({
  status,
  moves,
  reopen = false,
  maxAt,
  version,
  loadNumber,
  search,
}: {
  status: LoadStatus
  moves: readonly LoadStatus[]
  reopen?: boolean
  /** Now on the organization's wall clock (`YYYY-MM-DDTHH:mm`): the latest time a move may record. */
  maxAt?: string
  version: number
  loadNumber: string
  search: string
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  if (!moves.length && !reopen) return null
  const forward = moves.filter((to) => to !== 'canceled')
  // A move along the road records the stop times it implies: now, or the time given here (never later than now).
  const recordsStops = Boolean(maxAt) && forward.some((to) => ROAD.indexOf(to as RoadStatus) > 0)
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid="status-actions">
      {forward.length ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="version" value={version} />
          {forward.map((to) => (
            <Button
              key={to}
              type="submit"
              name="status"
              value={to}
              variant={to === 'booked' && status === 'dispatched' ? 'secondary' : 'primary'}
              disabled={busy}
            >
              {t(moveLabelKey(status, to))}
            </Button>
          ))}
          {recordsStops ? (
            <details className="basis-full text-sm" data-testid="move-at">
              <summary className="cursor-pointer text-muted">{t('loads.actions.atTime')}</summary>
              <label className="mt-2 grid gap-1 sm:max-w-xs">
                <span className="font-semibold">{t('loads.actions.atLabel')}</span>
                <input type="datetime-local" name="at" max={maxAt} className={inputClass} />
              </label>
            </details>
          ) : null}
        </Form>
      ) : null}
      {moves.includes('canceled') ? <CancelButton version={version} loadNumber={loadNumber} search={search} /> : null}
      {reopen ? (
        <Link to={withParams(search, { confirm: 'reopen' })} className={buttonClass('secondary')} preventScrollReset data-testid="reopen">
          <Icon name="history" size={18} />
          {t('loads.reopen.action')}
        </Link>
      ) : null}
    </div>
  )
}

function CancelButton({ version, loadNumber, search }: { version: number; loadNumber: string; search: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const label = t('loads.actions.to.canceled')
  if (!hydrated) {
    return (
      <Link
        to={withParams(search, { confirm: 'cancel' })}
        className={buttonClass('secondary', 'md', 'text-error-dark dark:text-error-light')}
        preventScrollReset
      >
        <Icon name="close" size={18} />
        {label}
      </Link>
    )
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonClass('secondary', 'md', 'text-error-dark dark:text-error-light')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon name="close" size={18} />
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CancelDialog version={version} loadNumber={loadNumber} onClose={() => setOpen(false)} returnFocus={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}

/** A confirmation shown on the view page without JavaScript (`?confirm=…`): a titled panel around its form. */
function ConfirmPanel({
  name,
  tone,
  title,
  description,
  children,
}: {
  name: string
  tone: 'error' | 'warning'
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${name}-confirm-title`}
      data-testid={`${name}-confirm`}
      className={
        tone === 'error'
          ? 'mb-6 rounded-lg border border-error/40 bg-error-lighter px-4 py-4 text-sm text-error-darker dark:bg-error/15 dark:text-error-light'
          : 'mb-6 rounded-lg border border-warning/50 bg-warning-lighter/50 px-4 py-4 text-sm dark:bg-warning/15'
      }
    >
      <h2 id={`${name}-confirm-title`} className="text-base font-bold">
        {title}
      </h2>
      <p className="mt-1">{description}</p>
      {children}
    </section>
  )
}

/** The confirmation without JavaScript: shown on the view page at `?confirm=cancel`. */
export function CancelConfirm({ version, loadNumber, keepHref }: { version: number; loadNumber: string; keepHref: string }) {
  const { t } = useTranslation()
  return (
    <ConfirmPanel name="cancel" tone="error" title={t('loads.cancel.title', { number: loadNumber })} description={t('loads.cancel.description')}>
      <Form method="post" className="mt-4 flex flex-wrap justify-end gap-2">
        <MoveFields to="canceled" version={version} />
        <ButtonLink to={keepHref} variant="secondary" preventScrollReset>
          {t('loads.cancel.keep')}
        </ButtonLink>
        <Button type="submit" variant="danger">
          {t('loads.cancel.confirm')}
        </Button>
      </Form>
    </ConfirmPanel>
  )
}

/** Reopening a delivered load (admins): why, for the audit log, then a plain POST form (intent `reopen`). */
export function ReopenConfirm({ version, loadNumber, keepHref }: { version: number; loadNumber: string; keepHref: string }) {
  const { t } = useTranslation()
  return (
    <ConfirmPanel name="reopen" tone="warning" title={t('loads.reopen.title', { number: loadNumber })} description={t('loads.reopen.description')}>
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="reopen" />
        <input type="hidden" name="version" value={version} />
        <label className="grid gap-1">
          <span className="font-semibold">{t('loads.reopen.reason')}</span>
          <textarea name="reason" rows={2} maxLength={500} dir="auto" className={inputClass} />
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <ButtonLink to={keepHref} variant="secondary" preventScrollReset>
            {t('loads.reopen.keep')}
          </ButtonLink>
          <Button type="submit">{t('loads.reopen.confirm')}</Button>
        </div>
      </Form>
    </ConfirmPanel>
  )
}
