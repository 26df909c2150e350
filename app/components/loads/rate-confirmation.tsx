/**
 * The new-load page's rate confirmation parts (ADR 055): the upload form that reads a PDF into
 * the load form (a plain multipart post, so it works without JavaScript), the notices about what
 * was read, the hidden fields that carry the source PDF until the load is saved, and the marks
 * beside each field: "read from the document" or "not found".
 */
import { createContext, type ReactNode, useContext } from 'react'
import { Form, href, Link } from 'react-router'

import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, fileInputClass } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { newLoadPath } from '~/utils/rate-confirmation-return'

/** `new`: the broker was read but is not one of the organization's (the select stays empty). */
type FieldState = 'read' | 'not_found' | 'new'
export type PrefillView = { fields: Record<string, FieldState>; scanned: boolean; broker: { name: string | null; mcNumber: string | null; matched: boolean } }
export type PagePrefill = { source: { kind: string; id: string; fileName: string }; view: PrefillView }

const Marks = createContext<Record<string, FieldState> | null>(null)

export function ExtractionMarks({ fields, children }: { fields: Record<string, FieldState> | null; children: ReactNode }) {
  return <Marks.Provider value={fields}>{children}</Marks.Provider>
}

/** A field's hint with its mark in front: `mark('stops.0.city')`, `mark('linehaulCents', hint)`. */
export function useExtractionMark() {
  const marks = useContext(Marks)
  const { t } = useTranslation()
  return (name: string, hint?: ReactNode): ReactNode => {
    const state = marks?.[name]
    if (!state) return hint
    const read = state === 'read'
    const text = { read: 'loadForm.rateConfirmation.read', not_found: 'loadForm.rateConfirmation.notFound', new: 'loadForm.rateConfirmation.newBrokerMark' }[
      state
    ]
    return (
      <>
        <span
          data-mark={state}
          className={read ? 'font-semibold text-success-darker dark:text-success-light' : 'font-semibold text-warning-darker dark:text-warning-light'}
        >
          {t(text)}
        </span>
        {hint ? <> · {hint}</> : null}
      </>
    )
  }
}

/** The source PDF and the page's notes about it, carried by the load form until it is saved. */
export function PrefillInputs({ prefill }: { prefill: PagePrefill | null }) {
  if (!prefill) return null
  return (
    <>
      <input type="hidden" name="source" value={prefill.source.kind} />
      <input type="hidden" name="sourceId" value={prefill.source.id} />
      <input type="hidden" name="sourceName" value={prefill.source.fileName} />
      <input type="hidden" name="sourceView" value={JSON.stringify(prefill.view)} />
    </>
  )
}

/** Upload a rate confirmation; once read, what was found and what the user should do about it. */
export function RateConfirmationReader({
  prefill,
  error,
  busy,
}: {
  prefill: PagePrefill | null
  error?: { message: string; params?: Record<string, unknown> } | null
  busy: boolean
}) {
  const { t } = useTranslation()
  const view = prefill?.view
  const states = Object.values(view?.fields ?? {})
  const found = states.filter((state) => state !== 'not_found').length
  const name = prefill?.source.fileName ?? ''
  const broker = view?.broker
  return (
    <Card className="mb-6 p-6" data-testid="rate-confirmation">
      <h2 className="mb-1 text-base font-bold">{t('loadForm.rateConfirmation.title')}</h2>
      <p className="mb-4 text-sm text-muted">{t('loadForm.rateConfirmation.hint')}</p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" aria-label={t('loadForm.rateConfirmation.title')}>
        <input type="hidden" name="intent" value="extract" />
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="rate-confirmation-file" className="mb-1.5 block text-sm font-semibold">
            {t('loadForm.rateConfirmation.file')}
          </label>
          <input
            id="rate-confirmation-file"
            name="file"
            type="file"
            accept=".pdf,application/pdf"
            required
            className={fileInputClass}
            aria-describedby={error ? 'rate-confirmation-error' : undefined}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? t('loadForm.rateConfirmation.reading') : t('loadForm.rateConfirmation.submit')}
        </Button>
      </Form>
      {error ? <ErrorList id="rate-confirmation-error" errors={[t(error.message, error.params)]} /> : null}
      {prefill && view ? (
        <div className="mt-4 space-y-2 text-sm" aria-live="polite">
          {view.scanned ? (
            <p className="flex gap-2 rounded-lg bg-warning-lighter/60 p-3 text-warning-darker dark:text-warning-light" data-testid="rate-confirmation-scanned">
              <Icon name="alert" size={18} className="shrink-0" />
              {t('loadForm.rateConfirmation.scanned', { name })}
            </p>
          ) : (
            <p className="flex gap-2" data-testid="rate-confirmation-summary">
              <Icon name="check" size={18} className="shrink-0 text-success-darker dark:text-success-light" />
              {t('loadForm.rateConfirmation.summary', { name, read: found, total: states.length })}
            </p>
          )}
          <p className="text-muted" data-testid="rate-confirmation-attached">
            {t('loadForm.rateConfirmation.attached', { name })}
          </p>
          {broker?.name && !broker.matched ? (
            <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3" data-testid="rate-confirmation-new-broker">
              <p className="min-w-0 flex-1">
                {broker.mcNumber
                  ? t('loadForm.rateConfirmation.newBrokerMc', { name: broker.name, mc: broker.mcNumber })
                  : t('loadForm.rateConfirmation.newBroker', { name: broker.name })}
              </p>
              {/* The customer editor filled with what the document says; saved, it comes back here with the broker picked (ADR 103). */}
              <ButtonLink
                to={`${href('/dashboard/brokers/new')}?${new URLSearchParams({ returnTo: newLoadPath(prefill.source) })}`}
                variant="secondary"
                size="sm"
                data-testid="rate-confirmation-add-broker"
              >
                {t('loadForm.rateConfirmation.addBroker')}
              </ButtonLink>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  )
}

/**
 * The loads this document already became (ADR 099), linked, and the box that makes another one
 * anyway: without it the save is refused (409 `in_use`), so one confirmation is not two loads by mistake.
 */
export function AlreadyMade({ loads }: { loads: Array<{ id: string; loadNumber: string }> }) {
  const { t } = useTranslation()
  return (
    <Card className="border-warning p-6" data-testid="rate-confirmation-already-made">
      <p className="mb-3 text-sm font-semibold">
        {t('loadForm.rateConfirmation.alreadyMade')}{' '}
        {loads.map((load, index) => (
          <span key={load.id}>
            {index ? ', ' : null}
            <Link to={href('/dashboard/loads/:id', { id: load.id })} className="underline">
              {load.loadNumber}
            </Link>
          </span>
        ))}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="anotherLoad" className="size-4" />
        {t('loadForm.rateConfirmation.anotherLoad')}
      </label>
    </Card>
  )
}
