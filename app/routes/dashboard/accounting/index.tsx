import { Form, href, useNavigation } from 'react-router'

import { AccountingExportStatusBadge } from '~/components/accounting/export-status'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList } from '~/components/ui/field'
import { inputClass } from '~/components/ui/input-class'
import { EmptyState, Pagination } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createAccountingExport, listAccountingExports } from '~/models/accounting/export.server'
import { getAccountingSettings, updateAccountingSettings } from '~/models/accounting/settings.server'
import { organizationToday } from '~/models/organization/organization.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { AccountingExportListQuerySchema, AccountingExportSchema, AccountingSettingsSchema } from '~/schemas/accounting'
import { ACCOUNTING_FORMATS, ACCOUNTING_KINDS, ACCOUNTING_NAME_GROUPS, ACCOUNTING_PARTY_NAMINGS } from '~/schemas/accounting-options'
import { formatDate } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['accounting', 'accountingLock'] }

const HERE = href('/dashboard/accounting')

/** The mapping, the export form and the batches (admins and accountants change them; viewers read). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireActor(request, 'read', 'accounting')
  const query = AccountingExportListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  const [settings, exports, today] = await Promise.all([
    getAccountingSettings(user.organizationId),
    listAccountingExports(user.organizationId, query.success ? query.data : {}),
    organizationToday(user.organizationId),
  ])
  return {
    settings,
    exports,
    // The month before today's, the range an accountant exports most.
    defaultRange: previousMonth(today),
    canUpdate: can(user.role, 'update', 'accounting'),
    canCreate: can(user.role, 'create', 'accounting'),
  }
}

function previousMonth(today: string) {
  const [year, month] = today.split('-').map(Number)
  const first = new Date(Date.UTC(year, month - 2, 1))
  const last = new Date(Date.UTC(year, month - 1, 0))
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const { actor } = await requireActor(request, form.get('intent') === 'export' ? 'create' : 'update', 'accounting')
  const t = getInstance(context).t
  return intentAction(form, t, {
    save: intent({
      schema: AccountingSettingsSchema,
      run: (input) => updateAccountingSettings(actor, input),
      done: () => redirectWithToast(HERE, { type: 'success', title: t('accounting.settings.saved') }),
    }),
    export: intent({
      schema: AccountingExportSchema,
      run: (input) => createAccountingExport(actor, input),
      done: (batch) =>
        redirectWithToast(href('/dashboard/accounting/exports/:id', { id: batch.id }), {
          type: 'success',
          title: t('accounting.export.started', { number: batch.number, count: batch.recordCount }),
        }),
    }),
  })
}

export default function AccountingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('accounting.title')}
        description={t('accounting.description')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('accounting.title') }]}
        action={<ButtonLink to={href('/dashboard/accounting/lock')}>{t('accountingLock.title')}</ButtonLink>}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ExportForm loaderData={loaderData} actionData={actionData} />
        <SettingsForm loaderData={loaderData} actionData={actionData} />
      </div>
      <ExportList loaderData={loaderData} />
    </>
  )
}

type PageProps = Pick<Route.ComponentProps, 'loaderData' | 'actionData'>

function posted(values: Record<string, unknown>, name: string) {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

function ExportForm({ loaderData, actionData }: PageProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const refusal = useRefusal(actionData, 'export', undefined, ['from', 'to', 'format', 'kinds'])
  const values = refusal?.values ?? {}
  const postedKinds = Array.isArray(values.kinds) ? (values.kinds as string[]) : typeof values.kinds === 'string' ? [values.kinds] : null
  const kinds = new Set<string>(postedKinds ?? ACCOUNTING_KINDS)
  const field = (name: string) => refusal?.field(name)
  if (!loaderData.canCreate) return null
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-1 text-lg font-semibold">{t('accounting.export.title')}</h2>
      <p className="mb-4 text-sm text-muted">{t('accounting.export.hint')}</p>
      <RefusalNotice refusal={refusal} reloadTo={HERE} className="mb-4" testId="accounting-export-refusal" />
      <Form method="post" className="space-y-4" data-testid="accounting-export-form" noValidate>
        <input type="hidden" name="intent" value="export" />
        <div className="grid gap-4 sm:grid-cols-3">
          {(['from', 'to'] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`export-${name}`} className="mb-1.5 block text-sm font-semibold">
                {t(`accounting.export.${name}`)}
              </label>
              <input
                id={`export-${name}`}
                name={name}
                type="date"
                required
                defaultValue={posted(values, name) ?? loaderData.defaultRange[name]}
                className={inputClass}
                aria-invalid={field(name)?.length ? true : undefined}
                aria-describedby={`export-${name}-error`}
              />
              <ErrorList id={`export-${name}-error`} errors={field(name)} />
            </div>
          ))}
          <div>
            <label htmlFor="export-format" className="mb-1.5 block text-sm font-semibold">
              {t('accounting.export.format')}
            </label>
            <select
              id="export-format"
              name="format"
              defaultValue={posted(values, 'format') ?? 'qbd_iif'}
              className={inputClass}
              aria-invalid={field('format')?.length ? true : undefined}
              aria-describedby="export-format-error"
            >
              {ACCOUNTING_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`accounting.formats.${format}`)}
                </option>
              ))}
            </select>
            <ErrorList id="export-format-error" errors={field('format')} />
          </div>
        </div>
        <fieldset aria-describedby="export-kinds-error">
          <legend className="mb-2 text-sm font-semibold">{t('accounting.export.kinds')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {ACCOUNTING_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="kinds" value={kind} defaultChecked={kinds.has(kind)} className="size-4" />
                {t(`accounting.kinds.${kind}`)}
              </label>
            ))}
          </div>
          <ErrorList id="export-kinds-error" errors={field('kinds')} />
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="includeExported" defaultChecked={values.includeExported === 'on'} className="mt-0.5 size-4" />
          <span>
            {t('accounting.export.includeExported')}
            <span className="block text-xs text-muted">{t('accounting.export.includeExportedHint')}</span>
          </span>
        </label>
        <Button type="submit" disabled={navigation.state !== 'idle'} data-testid="accounting-export-submit">
          {t('accounting.export.submit')}
        </Button>
      </Form>
    </Card>
  )
}

function SettingsForm({ loaderData, actionData }: PageProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { settings, canUpdate } = loaderData
  const groups = Object.entries(ACCOUNTING_NAME_GROUPS) as Array<[keyof typeof ACCOUNTING_NAME_GROUPS, readonly string[]]>
  const refusal = useRefusal(actionData, 'save', undefined, ['customerNaming', ...groups.flatMap(([, fields]) => fields)])
  const values = refusal?.values ?? {}
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-1 text-lg font-semibold">{t('accounting.settings.title')}</h2>
      <p className="mb-4 text-sm text-muted">{t('accounting.settings.hint')}</p>
      <RefusalNotice refusal={refusal} reloadTo={HERE} className="mb-4" testId="accounting-settings-refusal" />
      <Form method="post" key={settings.version} className="space-y-6" data-testid="accounting-settings" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={settings.version} />
        <fieldset disabled={!canUpdate} className="space-y-6">
          <div className="max-w-sm">
            <label htmlFor="customerNaming" className="mb-1.5 block text-sm font-semibold">
              {t('accounting.settings.customerNaming')}
            </label>
            <select id="customerNaming" name="customerNaming" defaultValue={posted(values, 'customerNaming') ?? settings.customerNaming} className={inputClass}>
              {ACCOUNTING_PARTY_NAMINGS.map((naming) => (
                <option key={naming} value={naming}>
                  {t(`accounting.naming.${naming}`)}
                </option>
              ))}
            </select>
            <ErrorList id="customerNaming-error" errors={refusal?.field('customerNaming')} />
          </div>
          {groups.map(([group, fields]) => (
            <fieldset key={group}>
              <legend className="mb-2 text-sm font-semibold">{t(`accounting.groups.${group}`)}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {fields.map((name) => {
                  const errors = refusal?.field(name)
                  return (
                    <div key={name}>
                      <label htmlFor={name} className="mb-1 block text-xs font-medium">
                        {t(`accounting.fields.${name}`)}
                      </label>
                      <input
                        id={name}
                        name={name}
                        required
                        maxLength={159}
                        defaultValue={posted(values, name) ?? settings[name as keyof typeof settings]?.toString()}
                        className={inputClass}
                        aria-invalid={errors?.length ? true : undefined}
                        aria-describedby={`${name}-error`}
                      />
                      <ErrorList id={`${name}-error`} errors={errors} />
                    </div>
                  )
                })}
              </div>
            </fieldset>
          ))}
        </fieldset>
        {canUpdate ? (
          <Button type="submit" disabled={navigation.state !== 'idle'} data-testid="accounting-settings-save">
            {t('accounting.settings.submit')}
          </Button>
        ) : null}
      </Form>
    </Card>
  )
}

function ExportList({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { t, i18n } = useTranslation()
  const { exports } = loaderData
  return (
    <Card className="mt-6 overflow-hidden">
      <h2 className="px-4 pt-4 text-lg font-semibold sm:px-6">{t('accounting.list.title')}</h2>
      {exports.items.length === 0 ? (
        <EmptyState title={t('accounting.list.emptyTitle')} description={t('accounting.list.empty')} />
      ) : (
        <ListTable
          testId="accounting-exports"
          head={
            <>
              {(['number', 'range', 'format', 'kinds', 'count', 'status', 'file'] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-3 text-start font-semibold">
                  {t(`accounting.list.${column}`)}
                </th>
              ))}
            </>
          }
        >
          {exports.items.map((batch) => (
            <ListRow key={batch.id} changed={false} actions={null}>
              <th>
                <a href={href('/dashboard/accounting/exports/:id', { id: batch.id })}>{t('accounting.list.batch', { number: batch.number })}</a>
              </th>
              <td className="whitespace-nowrap tabular-nums">
                {formatDate(i18n.language, batch.from)} – {formatDate(i18n.language, batch.to)}
              </td>
              <td className="whitespace-nowrap">{t(`accounting.formats.${batch.format}`)}</td>
              <td className="min-w-40">{batch.kinds.map((kind) => t(`accounting.kinds.${kind}`)).join(', ')}</td>
              <td className="fd-num">{batch.recordCount}</td>
              <td className="whitespace-nowrap">
                <AccountingExportStatusBadge status={batch.status} />
              </td>
              <td className="whitespace-nowrap">
                {batch.status === 'ready' ? (
                  <a href={href('/dashboard/accounting/exports/:id/file', { id: batch.id })} download data-testid={`accounting-download-${batch.number}`}>
                    {t('accounting.download')}
                  </a>
                ) : (
                  <span className="text-muted">—</span>
                )}
              </td>
            </ListRow>
          ))}
        </ListTable>
      )}
      {exports.total > exports.pageSize ? <Pagination total={exports.total} page={exports.page} pageSize={exports.pageSize} pageSizes={[25]} /> : null}
    </Card>
  )
}
