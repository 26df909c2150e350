import { data, Form, href, useNavigation } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance, getLocale } from '~/middleware/i18next'
import { type HeaderMatch, type ImportError, type ImportMapping, runImport } from '~/models/records/csv-import.server'
import { IMPORT_ENTITIES, importList } from '~/models/records/record-import.server'
import { requireActor } from '~/requests/actor.server'
import { refuse as refuseWith } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { FUEL_CARD_FORMATS } from '~/schemas/fuel-import-options'
import { IMPORT_ERRORS_SHOWN, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_PATHS, type ImportListName, importListOf } from '~/schemas/import-options'
import { ELD_FORMATS } from '~/schemas/trip-import-options'
import { isDomainError } from '~/utils/errors.server'
import { formatNumber } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/page'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['imports', 'loadImport', 'fuelImport', 'eldImport'] }

/**
 * Each list's words: its name in the navigation (the breadcrumb; drivers are users), the page's
 * title, the file's hint, the format's hints and the toast of an import (loads name their numbers).
 */
const LIST_TEXTS: Record<ImportListName, { list: string; title: string; hint: string; format: string; required: string; toast: string }> = {
  loads: {
    list: 'nav.loads',
    title: 'imports.title.loads',
    hint: 'loadImport.hint',
    format: 'loadImport.formatHint',
    required: 'loadImport.requiredHint',
    toast: 'loadImport.toast.imported',
  },
  trucks: {
    list: 'nav.trucks',
    title: 'imports.title.trucks',
    hint: 'imports.hint',
    format: 'imports.formatHint',
    required: 'imports.requiredHint',
    toast: 'imports.toast.trucks',
  },
  trailers: {
    list: 'nav.trailers',
    title: 'imports.title.trailers',
    hint: 'imports.hint',
    format: 'imports.formatHint',
    required: 'imports.requiredHint',
    toast: 'imports.toast.trailers',
  },
  brokers: {
    list: 'nav.brokers',
    title: 'imports.title.brokers',
    hint: 'imports.hint',
    format: 'imports.formatHint',
    required: 'imports.requiredHint',
    toast: 'imports.toast.brokers',
  },
  companies: {
    list: 'nav.companies',
    title: 'imports.title.companies',
    hint: 'imports.hint',
    format: 'imports.formatHint',
    required: 'imports.requiredHint',
    toast: 'imports.toast.companies',
  },
  products: {
    list: 'nav.products',
    title: 'imports.title.products',
    hint: 'imports.hint',
    format: 'imports.formatHint',
    required: 'imports.requiredHint',
    toast: 'imports.toast.products',
  },
  drivers: {
    list: 'nav.users',
    title: 'imports.title.drivers',
    hint: 'imports.hint',
    format: 'imports.formatHint',
    required: 'imports.requiredHint',
    toast: 'imports.toast.drivers',
  },
  fuelPurchases: {
    list: 'nav.fuelTax',
    title: 'fuelImport.title',
    hint: 'fuelImport.hint',
    format: 'fuelImport.formatHint',
    required: 'fuelImport.requiredHint',
    toast: 'fuelImport.toast',
  },
  trips: {
    list: 'nav.trips',
    title: 'eldImport.title',
    hint: 'eldImport.hint',
    format: 'eldImport.formatHint',
    required: 'eldImport.requiredHint',
    toast: 'eldImport.toast',
  },
}

/** The lists whose files come in formats (a fuel card's export, ADR 123; an ELD's report, ADR 126): the choice's words and each format's name. */
const FORMAT_CHOICES: Partial<Record<ImportListName, { label: string; hint: string; error: string; options: ReadonlyArray<readonly [string, string]> }>> = {
  fuelPurchases: {
    label: 'fuelImport.format',
    hint: 'fuelImport.formatChoiceHint',
    error: 'fuelImport.errors.format',
    options: FUEL_CARD_FORMATS.map((format) => [format, `fuelImport.formats.${format}`]),
  },
  trips: {
    label: 'eldImport.format',
    hint: 'eldImport.formatChoiceHint',
    error: 'eldImport.errors.format',
    options: ELD_FORMATS.map((format) => [format, `eldImport.formats.${format}`]),
  },
}

/** The file in a multipart form, collected by the edge up to the largest import. */
export const upload = uploadLimit(IMPORT_MAX_BYTES)

/** The list this page imports (one module serves every list's `/import`), or 404. */
function listOf(request: Request): ImportListName {
  const name = importListOf(new URL(request.url).pathname)
  if (!name) throw new Response('Not found', { status: 404 })
  return name
}

export async function loader({ request }: Route.LoaderArgs) {
  const name = listOf(request)
  const user = await requirePermission(request, 'create', IMPORT_ENTITIES[name])
  const list = await importList(name, user.organizationId)
  return { name, columns: list.columns, required: list.required as readonly string[], maxRows: IMPORT_MAX_ROWS[name] }
}

type Outcome = {
  dryRun: boolean
  rows: number
  valid: number
  errorCount: number
  errors: Array<{ row: number; column: string | null; message: string }>
  headers: HeaderMatch[]
  /** Whether the page shows the step that matches the file's headers to the list's columns. */
  mapping: boolean
  /** The rows skipped (duplicates, not fuel), each count in words. */
  skipped: string[]
  /** The export format chosen (a fuel card's, an ELD's), kept for the next check. */
  format: string
}

// The mapping step's choices: "" is no choice yet (the header stays unknown), LEAVE_OUT leaves the column out.
const LEAVE_OUT = '-'
const MAX_MAPPED = 100

/** The mapping the form sends: `header-<i>` the file's header, `map-<i>` the column chosen for it. */
function mappingOf(form: FormData): ImportMapping | undefined {
  const mapping: ImportMapping = {}
  for (let index = 0; index < MAX_MAPPED; index++) {
    const header = form.get(`header-${index}`)
    const column = form.get(`map-${index}`)
    if (typeof header !== 'string' || typeof column !== 'string' || !column) continue
    mapping[header] = column === LEAVE_OUT ? '' : column
  }
  return Object.keys(mapping).length ? mapping : undefined
}

/**
 * A plain multipart form: "Check" runs the dry run (every error by row and column, nothing
 * written), "Import" writes every row in one transaction or, when any row is wrong, none. Headers
 * that match no column bring the mapping step into the same form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const name = listOf(request)
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'create', IMPORT_ENTITIES[name])
  // The page-action protocol's refusal (app/requests/forms.server.ts): the message above the form.
  const refuse = (message: string, status = 400) => refuseWith({ intent: 'import' }, message, {}, status)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refuse(t('imports.errors.noFile'))
  }
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) return refuse(t('imports.errors.noFile'))
  // Bounded before a byte of it is read.
  if (file.size > IMPORT_MAX_BYTES) return refuse(t('imports.errors.tooLarge', { size: IMPORT_MAX_BYTES / 1024 / 1024 }), 413)
  const dryRun = form.get('intent') !== 'import'
  const mapping = mappingOf(form)
  const format = form.get('format') ?? 'generic'
  const choice = FORMAT_CHOICES[name]
  if (typeof format !== 'string' || (choice ? !choice.options.some(([value]) => value === format) : format !== 'generic'))
    return refuse(t(choice?.error ?? 'fuelImport.errors.format'))
  try {
    const list = await importList(name, actor.organizationId, { invite: form.get('invite') === 'on', language: getLocale(context), format })
    // The bytes stay off the JavaScript heap; the pipeline parses them as a stream.
    const { check, result } = await runImport(list, actor, new Uint8Array(await file.arrayBuffer()), { dryRun, mapping })
    const translate = (error: ImportError) => ({ row: error.row, column: error.column, message: t(error.message, error.params) })
    if (!result) {
      const outcome: Outcome = {
        dryRun,
        rows: check.rows,
        valid: check.valid,
        errorCount: check.errorCount,
        errors: check.errors.slice(0, IMPORT_ERRORS_SHOWN).map(translate),
        headers: check.headers,
        // Headers the list leaves out (a card's export) are no reason to ask; a header unknown or a required column missing is.
        mapping: Boolean(mapping) || check.errors.some((error) => error.row === 1 && error.column !== null),
        skipped: Object.entries(check.skipped ?? {}).flatMap(([reason, count]) => (count && list.skips ? [t(list.skips[reason], { count })] : [])),
        format,
      }
      return data({ outcome }, { status: check.errorCount && !dryRun ? 400 : 200 })
    }
    const paths = IMPORT_PATHS[name]
    const skipped = (result.skipped ?? {}) as Record<string, number>
    return redirectWithToast(`${paths.list}?sort=createdAt&dir=desc`, {
      type: 'success',
      title: t(LIST_TEXTS[name].toast, { count: result.created, loads: result.created, first: result.first, last: result.last, ...skipped }),
    })
  } catch (error) {
    if (!isDomainError(error)) throw error
    const params = error.options.params ?? {}
    const message = Object.values(error.fields ?? {}).flat()[0] ?? error.messageKey
    return refuse(t(message, params))
  }
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  // From the upload until the next page is shown: a file of 20,000 rows is checked and written in one request.
  const busy = navigation.state !== 'idle' && navigation.formData !== undefined
  const importing = navigation.formData?.get('intent') === 'import'
  const refusal = useRefusal(actionData)?.message
  const outcome = actionData && 'outcome' in actionData ? (actionData.outcome as Outcome) : null
  const number = (value: number) => formatNumber(i18n.language, value)
  const { name, columns, required } = loaderData
  const paths = IMPORT_PATHS[name]
  const texts = LIST_TEXTS[name]
  const formatChoice = FORMAT_CHOICES[name]

  return (
    <>
      <PageHeader
        title={t(texts.title)}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t(texts.list), to: paths.list }, { label: t(texts.title) }]}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-6">
          <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="import-form" aria-busy={busy}>
            <div>
              <label htmlFor="file" className="mb-1.5 block text-sm font-semibold">
                {t('imports.file')}
              </label>
              <input
                id="file"
                name="file"
                type="file"
                required
                accept=".csv,text/csv"
                aria-describedby="file-hint"
                className="block w-full text-sm file:me-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
              />
              <p id="file-hint" className="mt-1.5 text-xs text-muted">
                {t(texts.hint, { size: IMPORT_MAX_BYTES / 1024 / 1024, rows: number(loaderData.maxRows) })}
              </p>
            </div>
            {formatChoice ? (
              <div>
                <label htmlFor="format" className="mb-1.5 block text-sm font-semibold">
                  {t(formatChoice.label)}
                </label>
                <select
                  id="format"
                  name="format"
                  defaultValue={outcome?.format ?? 'generic'}
                  aria-describedby="format-hint"
                  className="rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
                >
                  {formatChoice.options.map(([format, label]) => (
                    <option key={format} value={format}>
                      {t(label)}
                    </option>
                  ))}
                </select>
                <p id="format-hint" className="mt-1.5 text-xs text-muted">
                  {t(formatChoice.hint)}
                </p>
              </div>
            ) : null}
            {name === 'drivers' ? (
              <div className="flex items-start gap-2 text-sm">
                <input id="invite" type="checkbox" name="invite" className="mt-0.5" aria-describedby="invite-hint" />
                <div>
                  <label htmlFor="invite" className="font-semibold">
                    {t('imports.invite')}
                  </label>
                  <p id="invite-hint" className="text-xs text-muted">
                    {t('imports.inviteHint')}
                  </p>
                </div>
              </div>
            ) : null}
            {outcome?.mapping ? (
              <fieldset className="grid gap-2 rounded-lg border border-line p-4" data-testid="import-mapping">
                <legend className="px-1 text-sm font-bold">{t('imports.mapping.title')}</legend>
                <p className="text-xs text-muted">{t('imports.mapping.hint')}</p>
                {outcome.headers.map((header, index) => (
                  <div key={`${index}-${header.header}`} className="grid items-center gap-2 sm:grid-cols-2">
                    <label htmlFor={`map-${index}`} className="text-sm">
                      <code dir="ltr">{header.header}</code>
                    </label>
                    <input type="hidden" name={`header-${index}`} value={header.header} />
                    <select
                      id={`map-${index}`}
                      name={`map-${index}`}
                      defaultValue={header.column ?? ''}
                      className="rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
                    >
                      <option value="">{t('imports.mapping.choose')}</option>
                      <option value={LEAVE_OUT}>{t('imports.mapping.leaveOut')}</option>
                      {columns.map((column) => (
                        <option key={column} value={column}>
                          {column}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
                <p className="text-xs text-muted">{t('imports.mapping.chooseFileAgain')}</p>
              </fieldset>
            ) : null}
            {refusal ? (
              <p role="alert" className="text-sm font-semibold text-error" data-testid="import-refusal">
                {refusal}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="dryRun" variant="secondary" disabled={busy}>
                {t('imports.check')}
              </Button>
              <Button type="submit" name="intent" value="import" disabled={busy}>
                <Icon name="download" size={18} className="rotate-180" />
                {t('imports.import')}
              </Button>
            </div>
            {busy ? (
              <div role="status" className="grid gap-1.5 text-sm text-muted" data-testid="import-progress">
                <progress className="h-2 w-full overflow-hidden rounded accent-primary" aria-label={t(importing ? 'imports.importing' : 'imports.working')} />
                {t(importing ? 'imports.importing' : 'imports.working')}
              </div>
            ) : null}
          </Form>

          {outcome ? (
            <section aria-labelledby="import-result" className="mt-6 border-t border-dashed border-line pt-4" data-testid="import-result">
              <h2 id="import-result" className="text-base font-bold">
                {outcome.errorCount
                  ? t('imports.result.errors', { errors: number(outcome.errorCount), rows: number(outcome.rows) })
                  : t('imports.result.ready', { rows: number(outcome.valid) })}
              </h2>
              <p className="mt-1 text-sm text-muted">
                {outcome.errorCount ? (outcome.dryRun ? t('imports.result.fixAndCheck') : t('imports.result.nothingImported')) : t('imports.result.importNow')}
              </p>
              {outcome.skipped.length ? (
                <ul className="mt-2 list-disc ps-5 text-sm" data-testid="import-skipped">
                  {outcome.skipped.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
              {outcome.errors.length ? (
                <div className="mt-4 max-h-[28rem] overflow-auto">
                  <table className="w-full text-sm" data-testid="import-errors">
                    <thead className="sticky top-0 bg-surface text-muted">
                      <tr className="border-b border-line">
                        <th scope="col" className="py-2 pe-3 text-start font-semibold">
                          {t('imports.row')}
                        </th>
                        <th scope="col" className="py-2 pe-3 text-start font-semibold">
                          {t('imports.column')}
                        </th>
                        <th scope="col" className="py-2 text-start font-semibold">
                          {t('imports.problem')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {outcome.errors.map((error, index) => (
                        <tr key={index} className="border-b border-dashed border-line">
                          <td className="py-2 pe-3 tabular-nums">{number(error.row)}</td>
                          <td className="py-2 pe-3">
                            <code dir="ltr">{error.column ?? '—'}</code>
                          </td>
                          <td className="py-2">{error.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {outcome.errorCount > outcome.errors.length ? (
                    <p className="mt-2 text-xs text-muted">
                      {t('imports.result.more', { shown: number(outcome.errors.length), total: number(outcome.errorCount) })}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </section>
          ) : null}
        </Card>

        <Card className="p-6">
          <h2 className="mb-2 text-base font-bold">{t('imports.format')}</h2>
          <p className="text-sm text-muted">{t(texts.format)}</p>
          {name === 'drivers' ? <p className="mt-2 text-sm text-muted">{t('imports.driversHint')}</p> : null}
          <a
            href={paths.template}
            className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-primary-darker hover:underline dark:text-primary-light"
            download
          >
            <Icon name="download" size={16} />
            {t('imports.template')}
          </a>
          <ul className="mt-4 flex flex-wrap gap-1.5 text-xs" dir="ltr">
            {columns.map((column) => (
              <li key={column}>
                <code
                  className={
                    required.includes(column) ? 'rounded bg-primary-lighter px-1.5 py-0.5 font-semibold' : 'rounded bg-black/5 px-1.5 py-0.5 dark:bg-white/10'
                  }
                >
                  {column}
                </code>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted">{t(texts.required)}</p>
        </Card>
      </div>
    </>
  )
}
