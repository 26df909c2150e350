import { data, Form, href, useNavigation } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { checkLoadImport, type ImportError, importLoads } from '~/models/load-import.server'
import { requireActor } from '~/requests/actor.server'
import { refuse as refuseWith } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { LOAD_IMPORT_COLUMNS, LOAD_IMPORT_ERRORS_SHOWN, LOAD_IMPORT_MAX_BYTES, LOAD_IMPORT_MAX_ROWS, LOAD_IMPORT_REQUIRED } from '~/schemas/load-import-options'
import { isDomainError } from '~/utils/errors.server'
import { formatNumber } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/import'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'loadImport'] }

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'create', 'load')
  return { columns: LOAD_IMPORT_COLUMNS, required: LOAD_IMPORT_REQUIRED as readonly string[] }
}

type Outcome = { dryRun: boolean; rows: number; valid: number; errorCount: number; errors: Array<{ row: number; column: string | null; message: string }> }

/**
 * A plain multipart form: "Check" runs the dry run (every error by row and column, nothing
 * written), "Import" writes every load in one transaction or, when any row is wrong, none.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'create', 'load')
  // The page-action protocol's refusal (app/requests/forms.server.ts): the message above the form.
  const refuse = (message: string, status = 400) => refuseWith({ intent: 'import' }, message, {}, status)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refuse(t('loadImport.errors.noFile'))
  }
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) return refuse(t('loadImport.errors.noFile'))
  if (file.size > LOAD_IMPORT_MAX_BYTES) return refuse(t('loadImport.errors.tooLarge', { size: LOAD_IMPORT_MAX_BYTES / 1024 / 1024 }), 413)
  const dryRun = form.get('intent') !== 'import'
  try {
    // The bytes stay off the JavaScript heap; the model parses them as a stream.
    const csv = new Uint8Array(await file.arrayBuffer())
    const { check, result } = dryRun ? { check: await checkLoadImport(actor.organizationId, csv), result: null } : await importLoads(actor, csv)
    const translate = (error: ImportError) => ({ row: error.row, column: error.column, message: t(error.message, error.params) })
    if (!result) {
      const outcome: Outcome = {
        dryRun,
        rows: check.rows,
        valid: check.valid,
        errorCount: check.errorCount,
        errors: check.errors.slice(0, LOAD_IMPORT_ERRORS_SHOWN).map(translate),
      }
      return data({ outcome }, { status: check.errorCount && !dryRun ? 400 : 200 })
    }
    return redirectWithToast(`${href('/dashboard/loads/list')}?sort=createdAt&dir=desc`, {
      type: 'success',
      title: t('loadImport.toast.imported', { loads: result.created, first: result.first, last: result.last }),
    })
  } catch (error) {
    if (!isDomainError(error)) throw error
    const params = error.options.params ?? {}
    const message = Object.values(error.fields ?? {}).flat()[0] ?? error.messageKey
    return refuse(t(message, params))
  }
}

export default function LoadImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const refusal = useRefusal(actionData)?.message
  const outcome = actionData && 'outcome' in actionData ? (actionData.outcome as Outcome) : null
  const number = (value: number) => formatNumber(i18n.language, value)

  return (
    <>
      <PageHeader
        title={t('loadImport.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.loads'), to: href('/dashboard/loads/list') },
          { label: t('loadImport.title') },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-6">
          <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="import-form">
            <div>
              <label htmlFor="file" className="mb-1.5 block text-sm font-semibold">
                {t('loadImport.file')}
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
                {t('loadImport.hint', { size: LOAD_IMPORT_MAX_BYTES / 1024 / 1024, rows: number(LOAD_IMPORT_MAX_ROWS) })}
              </p>
            </div>
            {refusal ? (
              <p role="alert" className="text-sm font-semibold text-error" data-testid="import-refusal">
                {refusal}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="dryRun" variant="secondary" disabled={busy}>
                {t('loadImport.check')}
              </Button>
              <Button type="submit" name="intent" value="import" disabled={busy}>
                <Icon name="download" size={18} className="rotate-180" />
                {t('loadImport.import')}
              </Button>
            </div>
            {busy ? (
              <div role="status" className="grid gap-1.5 text-sm text-muted">
                <progress className="h-2 w-full overflow-hidden rounded accent-primary" aria-label={t('loadImport.working')} />
                {t('loadImport.working')}
              </div>
            ) : null}
          </Form>

          {outcome ? (
            <section aria-labelledby="import-result" className="mt-6 border-t border-dashed border-line pt-4" data-testid="import-result">
              <h2 id="import-result" className="text-base font-bold">
                {outcome.errorCount
                  ? t('loadImport.result.errors', { errors: number(outcome.errorCount), rows: number(outcome.rows) })
                  : t('loadImport.result.ready', { loads: number(outcome.valid) })}
              </h2>
              <p className="mt-1 text-sm text-muted">
                {outcome.errorCount
                  ? outcome.dryRun
                    ? t('loadImport.result.fixAndCheck')
                    : t('loadImport.result.nothingImported')
                  : t('loadImport.result.importNow')}
              </p>
              {outcome.errors.length ? (
                <div className="mt-4 max-h-[28rem] overflow-auto">
                  <table className="w-full text-sm" data-testid="import-errors">
                    <thead className="sticky top-0 bg-surface text-muted">
                      <tr className="border-b border-line">
                        <th scope="col" className="py-2 pe-3 text-start font-semibold">
                          {t('loadImport.row')}
                        </th>
                        <th scope="col" className="py-2 pe-3 text-start font-semibold">
                          {t('loadImport.column')}
                        </th>
                        <th scope="col" className="py-2 text-start font-semibold">
                          {t('loadImport.problem')}
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
                      {t('loadImport.result.more', { shown: number(outcome.errors.length), total: number(outcome.errorCount) })}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </section>
          ) : null}
        </Card>

        <Card className="p-6">
          <h2 className="mb-2 text-base font-bold">{t('loadImport.format')}</h2>
          <p className="text-sm text-muted">{t('loadImport.formatHint')}</p>
          <a
            href={href('/dashboard/loads/import/template')}
            className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-primary-darker hover:underline dark:text-primary-light"
            download
          >
            <Icon name="download" size={16} />
            {t('loadImport.template')}
          </a>
          <ul className="mt-4 flex flex-wrap gap-1.5 text-xs" dir="ltr">
            {loaderData.columns.map((column) => (
              <li key={column}>
                <code
                  className={
                    loaderData.required.includes(column)
                      ? 'rounded bg-primary-lighter px-1.5 py-0.5 font-semibold'
                      : 'rounded bg-black/5 px-1.5 py-0.5 dark:bg-white/10'
                  }
                >
                  {column}
                </code>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted">{t('loadImport.requiredHint')}</p>
        </Card>
      </div>
    </>
  )
}
