import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Form, href, useNavigation, useSearchParams } from 'react-router'

import { Figure, Panel, useWeekLabel, WeekTable } from '~/components/charts/figure'
import { ConflictNotice } from '~/components/forms/conflict-notice'
import { RefusalNotice, type ShownRefusal, useRefusal } from '~/components/forms/refusal'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { ListEmpty } from '~/components/lists/list-page'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { useSettings } from '~/components/settings/use-settings'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ComplianceBadges } from '~/components/ui/compliance-badges'
import { ConfirmDelete } from '~/components/ui/confirm-dialog'
import { CopyButton } from '~/components/ui/copy-button'
import { ErrorList, fileInputClass, FormErrors, inputClass, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { ICON_PATHS, type IconName } from '~/components/ui/icon-paths'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { PlainField } from '~/components/ui/plain-field'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { getInstance } from '~/middleware/i18next'
import { formConstraint, intent, intentAction, refuse } from '~/requests/forms.server'
import { DeleteDemoSchema, FieldDemoSchema, ToastDemoSchema } from '~/schemas/component-demo'
import { DEMO_EQUIPMENT, TOAST_TONES } from '~/schemas/component-demo-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { LOAD_STATUS_META, LOAD_STATUSES, type LoadStatus } from '~/schemas/load-options'
import type { Tone } from '~/schemas/tone'
import { formatDate, formatMoney, formatNumber } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/components'

/** The strings this page needs in the browser besides `common` (app/i18n.ts): its own, load statuses, the week table's. */
export const handle = { i18n: ['components', 'loads', 'analytics'] }

const MoneyBarChart = lazy(() => import('~/components/charts/money-bar-chart'))

const PAGE = href('/components')
/** The confirm dialog's page without JavaScript: the delete link of a row opens it. */
const DIALOG_OPEN = `${PAGE}?dialog=open`

export async function loader() {
  return { constraint: formConstraint(FieldDemoSchema) }
}

/**
 * The page's forms post here and nothing is written: a toast asked for, the field demo checked by
 * its schema (the real refusal), the sample delete confirmed. Each answers as the app's forms do.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  // A body that is no form at all (a broken multipart) is refused like an unknown intent, never a 500.
  const form = await request.formData().catch(() => null)
  if (!form) return refuse({ intent: null }, t('errors.unknownIntent'))
  return intentAction(form, t, {
    toast: intent({
      schema: ToastDemoSchema,
      run: async (value) => value.tone,
      done: (tone) =>
        redirectWithToast(`${PAGE}#toasts`, { type: tone, title: t(`components.toasts.titles.${tone}`), description: t('components.toasts.description') }),
    }),
    check: intent({
      schema: FieldDemoSchema,
      run: async () => null,
      done: () => redirectWithToast(`${PAGE}#inputs`, { type: 'success', title: t('components.fields.valid') }),
    }),
    delete: intent({
      schema: DeleteDemoSchema,
      run: async () => null,
      done: () => redirectWithToast(`${PAGE}#dialogs`, { type: 'success', title: t('components.dialogs.deleted', { unit: SAMPLE_ROWS[0].unit }) }),
    }),
  })
}

const SECTIONS = ['settings', 'buttons', 'inputs', 'selects', 'badges', 'tables', 'dialogs', 'toasts', 'empty', 'charts', 'icons', 'refusals'] as const
type Section = (typeof SECTIONS)[number]

const TONES: Tone[] = ['default', 'primary', 'info', 'success', 'warning', 'error']

type SampleRow = {
  id: string
  unit: string
  status: LoadStatus
  origin: string
  destination: string
  pickup: string
  miles: number
  cents: number
  version: number
}
const SAMPLE_ROWS: SampleRow[] = [
  {
    id: 'l1',
    unit: '1042',
    status: 'in_transit',
    origin: 'Dallas, TX',
    destination: 'Atlanta, GA',
    pickup: '2026-11-24',
    miles: 781,
    cents: 245000,
    version: 3,
  },
  { id: 'l2', unit: '1043', status: 'booked', origin: 'Laredo, TX', destination: 'Chicago, IL', pickup: '2026-11-26', miles: 1395, cents: 398000, version: 1 },
  {
    id: 'l3',
    unit: '1038',
    status: 'delivered',
    origin: 'Memphis, TN',
    destination: 'Columbus, OH',
    pickup: '2026-11-20',
    miles: 581,
    cents: 162500,
    version: 7,
  },
]
const SAMPLE_WEEKS = [
  ['2026-10-05', 1840000],
  ['2026-10-12', 2210000],
  ['2026-10-19', 1975000],
  ['2026-10-26', 2460000],
  ['2026-11-02', 2105000],
  ['2026-11-09', 2630000],
  ['2026-11-16', 2390000],
  ['2026-11-23', 2815000],
].map(([week, cents]) => ({ week: week as string, cents: cents as number }))

/** How the server answers a bad entry in the field demo, shown before anything is posted. */
/** The invalid state as a refused post answers it: its messages translated (ADR 107). */
const invalidResult = (t: (key: string) => string): SubmissionResult<string[]> => ({
  status: 'error',
  initialValue: { unit: '', email: 'dispatch@', notes: '' },
  error: { unit: [t('validation.required')], email: [t('validation.email')], equipment: [t('validation.choice')] },
})

export default function ComponentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="space-y-10">
      <title>{`${t('components.title')} | Freightdesk`}</title>
      <meta name="description" content={t('components.description')} />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{t('components.title')}</h1>
        <p className="mt-3 text-muted">{t('components.intro')}</p>
      </header>
      <nav aria-labelledby="components-toc" className="rounded-card border border-line bg-surface p-5" data-testid="components-toc">
        <h2 id="components-toc" className="text-sm font-bold text-muted">
          {t('components.toc')}
        </h2>
        <ol className="mt-3 grid list-inside list-decimal gap-x-6 gap-y-1 text-sm font-semibold sm:grid-cols-3 lg:grid-cols-4">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#${section}`} className="text-primary-dark hover:underline dark:text-primary-light">
                {t(`components.sections.${section}`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <SettingsSection />
      <ButtonsSection />
      <FieldsSection constraint={loaderData.constraint} actionData={actionData} />
      <SelectsSection />
      <BadgesSection />
      <TablesSection />
      <DialogsSection />
      <ToastsSection />
      <EmptySection />
      <ChartsSection />
      <IconsSection />
      <RefusalsSection />
    </div>
  )
}

/** One section: its anchor, heading and what it is for. */
function Section({ id, text, flush, children }: { id: Section; text?: string; flush?: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6" data-testid={`section-${id}`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink">
        {t(`components.sections.${id}`)}
      </h2>
      {text ? <p className="mt-1 max-w-3xl text-sm text-muted">{text}</p> : null}
      {/* `flush`: a list's card, whose toolbar, table and pagination pad themselves. */}
      <Card className={flush ? 'mt-4 overflow-hidden' : 'mt-4 space-y-6 p-5 sm:p-6'}>{children}</Card>
    </section>
  )
}

/** A state of a component: its name and the component in it. */
function State({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-xs font-bold tracking-wide text-muted uppercase">{label}</h3>
      {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">{children}</div>
    </div>
  )
}

function SettingsSection() {
  const { t, i18n } = useTranslation()
  const { settings } = useSettings()
  const rows: Array<[string, string]> = [
    [t('settings.mode'), t(`settings.modes.${settings.themeMode}`)],
    [t('settings.contrast'), t(`settings.contrasts.${settings.themeContrast}`)],
    [t('settings.direction'), t(`settings.directions.${settings.themeDirection}`)],
    [t('settings.presets'), t(`settings.presetNames.${settings.themeColorPresets}`)],
    [t('settings.layout'), t(`settings.layouts.${settings.themeLayout}`)],
    [t('settings.stretch'), settings.themeStretch ? t('components.settings.on') : t('components.settings.off')],
    [t('components.settings.language'), languageInfo(i18n.language).label],
  ]
  return (
    <Section id="settings" text={t('components.settings.text')}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="components-settings">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}

function ButtonsSection() {
  const { t } = useTranslation()
  const variants = ['primary', 'secondary', 'ghost', 'danger'] as const
  return (
    <Section id="buttons" text={t('components.buttons.text')}>
      <State label={t('components.states.default')}>
        {variants.map((variant) => (
          <Button key={variant} variant={variant}>
            {t(`components.buttons.variants.${variant}`)}
          </Button>
        ))}
      </State>
      <State label={t('components.states.sizes')}>
        {variants.map((variant) => (
          <Button key={variant} variant={variant} size="sm">
            {t(`components.buttons.variants.${variant}`)}
          </Button>
        ))}
      </State>
      <State label={t('components.states.withIcon')}>
        <Button>
          <Icon name="plus" size={18} />
          {t('components.buttons.newLoad')}
        </Button>
        <Button variant="secondary">
          <Icon name="download" size={18} />
          {t('components.buttons.export')}
        </Button>
        <ButtonLink to="#buttons" variant="secondary">
          {t('components.buttons.link')}
        </ButtonLink>
      </State>
      <State label={t('components.states.hover')} note={t('components.buttons.hover')}>
        <Button>{t('components.buttons.tryFocus')}</Button>
      </State>
      <State label={t('components.states.disabled')}>
        {variants.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {t(`components.buttons.variants.${variant}`)}
          </Button>
        ))}
      </State>
      <State label={t('components.states.pending')} note={t('components.buttons.pending')}>
        <Button disabled aria-busy="true">
          {t('components.buttons.saving')}
        </Button>
      </State>
      <State label={t('components.buttons.copy')} note={t('components.buttons.copyNote')}>
        <code className="rounded bg-black/5 px-2 py-1 text-sm dark:bg-white/10" dir="ltr">
          fd_live_4f9c2a
        </code>
        <CopyButton value="fd_live_4f9c2a" label={t('components.buttons.copy')} />
      </State>
    </Section>
  )
}

function FieldsSection({ constraint, actionData }: { constraint: Route.ComponentProps['loaderData']['constraint']; actionData: unknown }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const refusal = useRefusal(actionData, 'check', undefined, ['unit', 'email', 'equipment', 'notes'])
  const [form, fields] = useSchemaForm<typeof FieldDemoSchema>({
    id: 'components-fields',
    constraint,
    lastResult: refusal ? (actionData as { result: SubmissionResult<string[]> }).result : undefined,
  })
  // Made once: a new result on each render would make Conform update the form again and again.
  const [invalidLast] = useState(() => invalidResult(t))
  const [invalidForm, invalid] = useSchemaForm<typeof FieldDemoSchema>({ id: 'components-invalid', constraint, lastResult: invalidLast })
  const equipment = DEMO_EQUIPMENT.map((value) => ({ value, label: t(`components.fields.equipmentTypes.${value}`) }))
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'check'
  return (
    <Section id="inputs" text={t('components.fields.text')}>
      <Form method="post" {...getFormProps(form)} className="space-y-5" data-testid="fields-demo">
        <h3 className="text-xs font-bold tracking-wide text-muted uppercase">
          {t('components.states.default')} · {t('components.states.required')}
        </h3>
        <RefusalNotice refusal={refusal} testId="fields-refusal" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('components.fields.unit')} field={fields.unit} hint={t('components.fields.unitHint')} />
          <TextField label={t('components.fields.email')} field={fields.email} type="email" autoComplete="off" placeholder="dispatch@example.com" />
          <SelectField label={t('components.fields.equipment')} field={fields.equipment} options={equipment} placeholder={t('components.fields.choose')} />
          <TextareaField label={t('components.fields.notes')} field={fields.notes} rows={2} />
        </div>
        <p className="text-sm text-muted">{t('components.fields.checkHint')}</p>
        <div className="flex justify-end">
          <Button type="submit" name="intent" value="check" disabled={pending}>
            {pending ? t('components.buttons.saving') : t('components.fields.check')}
          </Button>
        </div>
      </Form>
      <div className="border-t border-dashed border-line pt-5" data-testid="fields-invalid">
        <h3 className="text-xs font-bold tracking-wide text-muted uppercase">{t('components.states.invalid')}</h3>
        <p className="mt-1 text-sm text-muted">{t('components.fields.invalidText')}</p>
        {/* A form of its own (never posted) so its fields' ids and errors do not clash with the one above. */}
        <form {...getFormProps(invalidForm)} className="mt-3 grid gap-5 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
          <TextField label={t('components.fields.unit')} field={invalid.unit} />
          <TextField label={t('components.fields.email')} field={invalid.email} type="email" autoComplete="off" />
        </form>
      </div>
      <div className="grid gap-5 border-t border-dashed border-line pt-5 sm:grid-cols-2">
        <PlainField id="demo-disabled" label={`${t('components.fields.pickup')} · ${t('components.states.disabled')}`}>
          <input id="demo-disabled" type="date" className={inputClass} defaultValue="2026-11-27" disabled />
        </PlainField>
        <PlainField id="demo-weight" label={t('components.fields.weight')} errors={[t('validation.tooLarge')]}>
          <input id="demo-weight" type="number" className={inputClass} defaultValue={90000} aria-invalid="true" aria-describedby="demo-weight-error" />
        </PlainField>
        <PlainField id="demo-file" label={t('components.fields.document')}>
          <input id="demo-file" type="file" className={fileInputClass} />
        </PlainField>
        <PlainField id="demo-readonly" label={`${t('components.fields.email')} · ${t('components.states.readOnly')}`}>
          <input id="demo-readonly" type="email" className={inputClass} defaultValue="billing@example.com" readOnly dir="ltr" />
        </PlainField>
      </div>
    </Section>
  )
}

function SelectsSection() {
  const { t } = useTranslation()
  const options = DEMO_EQUIPMENT.map((value) => (
    <option key={value} value={value}>
      {t(`components.fields.equipmentTypes.${value}`)}
    </option>
  ))
  return (
    <Section id="selects" text={t('components.selects.text')}>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <PlainField id="select-default" label={t('components.states.default')}>
          <select id="select-default" className={inputClass} defaultValue="">
            <option value="">{t('components.fields.choose')}</option>
            {options}
          </select>
        </PlainField>
        <PlainField id="select-chosen" label={t('components.selects.chosen')}>
          <select id="select-chosen" className={inputClass} defaultValue="reefer">
            {options}
          </select>
        </PlainField>
        <PlainField id="select-disabled" label={t('components.states.disabled')}>
          <select id="select-disabled" className={inputClass} defaultValue="flatbed" disabled>
            {options}
          </select>
        </PlainField>
        <PlainField id="select-invalid" label={t('components.states.invalid')} errors={[t('validation.choice')]}>
          <select id="select-invalid" className={inputClass} defaultValue="" aria-invalid="true" aria-describedby="select-invalid-error">
            <option value="">{t('components.fields.choose')}</option>
            {options}
          </select>
        </PlainField>
      </div>
    </Section>
  )
}

function BadgesSection() {
  const { t } = useTranslation()
  return (
    <Section id="badges" text={t('components.badges.text')}>
      <State label={t('components.badges.tones')}>
        {TONES.map((tone) => (
          <Badge key={tone} tone={tone}>
            {t(`components.badges.toneNames.${tone}`)}
          </Badge>
        ))}
      </State>
      <State label={t('components.badges.loadStatuses')}>
        {LOAD_STATUSES.map((status) => (
          <Badge key={status} tone={LOAD_STATUS_META[status].tone}>
            {t(`loads.status.${status}`)}
          </Badge>
        ))}
      </State>
      <State label={t('components.badges.compliance')}>
        <ComplianceBadges compliance={{ inspection: 'overdue', registration: 'due_soon' }} />
      </State>
    </Section>
  )
}

function TablesSection() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const sort = params.get('sort') === 'miles' ? 'miles' : 'unit'
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc'
  // The toolbar and headers work as on a list page, over the sample rows: search, status, sort.
  const q = (params.get('q') ?? '').trim().slice(0, 100)
  const status = LOAD_STATUSES.find((value) => value === params.get('status'))
  const rows = SAMPLE_ROWS.filter(
    (row) =>
      (!status || row.status === status) && (!q || [row.unit, row.origin, row.destination].some((value) => value.toLowerCase().includes(q.toLowerCase()))),
  ).sort((a, b) => (sort === 'miles' ? a.miles - b.miles : a.unit.localeCompare(b.unit)) * (dir === 'asc' ? 1 : -1))
  const statusOptions = LOAD_STATUSES.map((status) => ({ value: status, label: t(`loads.status.${status}`) }))
  return (
    <Section id="tables" text={t('components.table.text')} flush>
      <ListToolbar
        query={{ q, sort, dir, pageSize: 25 }}
        searchLabel={t('components.table.search')}
        searchPlaceholder={t('components.table.searchPlaceholder')}
        filters={[{ name: 'status', label: t('components.table.status'), value: status, options: statusOptions }]}
      />
      {rows.length === 0 ? (
        <ListEmpty
          narrowed
          clearTo={`${PAGE}#tables`}
          noMatch={{ title: t('components.empty.noMatchTitle'), description: t('components.empty.noMatch') }}
          empty={{ title: t('components.empty.title'), description: t('components.empty.description') }}
        />
      ) : (
        <ListTable
          testId="components"
          head={
            <>
              <SortHeader column="unit" label={t('components.table.unit')} sort={sort} dir={dir} />
              <th scope="col">{t('components.table.status')}</th>
              <th scope="col">{t('components.table.lane')}</th>
              <th scope="col">{t('components.table.pickup')}</th>
              <SortHeader column="miles" label={t('components.table.miles')} sort={sort} dir={dir} className="px-3 text-end" />
              <th scope="col" className="px-3 text-end">
                {t('components.table.rate')}
              </th>
            </>
          }
        >
          {rows.map((row) => {
            const changed = row.id === 'l2'
            return (
              <ListRow
                key={row.id}
                changed={changed}
                actions={
                  <RowActions
                    returnTo={PAGE}
                    edit={{ path: `${PAGE}#inputs`, label: t('components.table.editRow', { unit: row.unit }) }}
                    remove={{
                      path: DIALOG_OPEN,
                      version: row.version,
                      label: t('components.table.deleteRow', { unit: row.unit }),
                      title: t('components.dialogs.title', { unit: row.unit }),
                      description: t('components.dialogs.description'),
                    }}
                  />
                }
              >
                <th>
                  <a href="#tables">
                    <bdi>{row.unit}</bdi>
                  </a>
                  {changed ? <span className="sr-only"> ({t('components.table.changedRow')})</span> : null}
                </th>
                <td>
                  <Badge tone={LOAD_STATUS_META[row.status].tone}>{t(`loads.status.${row.status}`)}</Badge>
                </td>
                <td className="whitespace-nowrap">
                  <bdi>{row.origin}</bdi> → <bdi>{row.destination}</bdi>
                </td>
                <td className="whitespace-nowrap">{formatDate(i18n.language, row.pickup)}</td>
                <td className="fd-num">{formatNumber(i18n.language, row.miles)}</td>
                <td className="fd-num">{formatMoney(i18n.language, row.cents)}</td>
              </ListRow>
            )
          })}
        </ListTable>
      )}
      {rows.length ? <Pagination total={rows.length} page={1} pageSize={25} pageSizes={PAGE_SIZES} /> : null}
      <p className="border-t border-dashed border-line p-4 text-sm text-muted sm:px-5">{t('components.table.notes')}</p>
    </Section>
  )
}

function DialogsSection() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [params] = useSearchParams()
  const row = SAMPLE_ROWS[0]
  const title = t('components.dialogs.title', { unit: row.unit })
  const staticDialog = <StaticDialog title={title} version={row.version} />
  return (
    <Section id="dialogs" text={t('components.dialogs.text')}>
      <State label={t('components.dialogs.confirm')} note={t('components.dialogs.trigger')}>
        <span className="inline-flex items-center gap-2 rounded-lg border border-dashed border-line px-3 py-1" data-testid="dialog-demo">
          <bdi className="text-sm font-semibold">{row.unit}</bdi>
          <ConfirmDelete
            action={DIALOG_OPEN}
            fallbackHref={DIALOG_OPEN}
            title={title}
            description={t('components.dialogs.description')}
            hidden={{ version: row.version }}
            triggerLabel={t('components.table.deleteRow', { unit: row.unit })}
          />
        </span>
      </State>
      {params.get('dialog') === 'open' || !hydrated ? (
        <div data-testid="dialog-static">
          <p className="mb-3 text-sm text-muted">{t('components.dialogs.noJs')}</p>
          {staticDialog}
        </div>
      ) : null}
    </Section>
  )
}

/** The confirm dialog's content as its page without JavaScript shows it: the same question, the same form. */
function StaticDialog({ title, version }: { title: string; version: number }) {
  const { t } = useTranslation()
  return (
    <div className="max-w-md rounded-card border border-line bg-surface p-6 shadow-lg">
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="mt-2 text-sm text-muted">{t('components.dialogs.description')}</p>
      <Form method="post" action={DIALOG_OPEN} className="mt-6 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="version" value={version} />
        <ButtonLink to={`${PAGE}#dialogs`} variant="secondary">
          {t('common.cancel')}
        </ButtonLink>
        <Button type="submit" name="intent" value="delete" variant="danger">
          {t('common.delete')}
        </Button>
      </Form>
    </div>
  )
}

function ToastsSection() {
  const { t } = useTranslation()
  return (
    <Section id="toasts" text={t('components.toasts.text')}>
      <Form method="post" className="flex flex-wrap gap-3" data-testid="toast-demo">
        <input type="hidden" name="intent" value="toast" />
        {TOAST_TONES.map((tone) => (
          <Button key={tone} type="submit" name="tone" value={tone} variant={tone === 'error' ? 'danger' : 'secondary'}>
            {t(`components.toasts.buttons.${tone}`)}
          </Button>
        ))}
      </Form>
    </Section>
  )
}

function EmptySection() {
  const { t } = useTranslation()
  return (
    <Section id="empty" text={t('components.empty.text')}>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="rounded-lg border border-dashed border-line">
          <ListEmpty
            narrowed={false}
            clearTo={PAGE}
            noMatch={{ title: t('components.empty.noMatchTitle'), description: t('components.empty.noMatch') }}
            empty={{
              title: t('components.empty.title'),
              description: t('components.empty.description'),
              action: <ButtonLink to="#empty">{t('components.buttons.newLoad')}</ButtonLink>,
            }}
          />
        </div>
        <div className="rounded-lg border border-dashed border-line">
          <ListEmpty
            narrowed
            clearTo={`${PAGE}#empty`}
            noMatch={{ title: t('components.empty.noMatchTitle'), description: t('components.empty.noMatch') }}
            empty={{ title: t('components.empty.title'), description: t('components.empty.description') }}
          />
        </div>
      </div>
    </Section>
  )
}

function ChartsSection() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const weekLabel = useWeekLabel()
  const { i18n } = useTranslation()
  const total = SAMPLE_WEEKS.reduce((sum, row) => sum + row.cents, 0)
  return (
    <Section id="charts" text={t('components.charts.text')}>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label={t('components.charts.revenue')}
          value={formatMoney(i18n.language, total)}
          hint={t('components.charts.weeks', { n: formatNumber(i18n.language, SAMPLE_WEEKS.length) })}
        />
        <Figure label={t('components.charts.loads')} value={formatNumber(i18n.language, 96)} />
        <Figure label={t('components.charts.pending')} value="—" hint={t('components.charts.pendingHint')} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('components.charts.title')} testId="chart-demo">
          {hydrated ? (
            <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
              <MoneyBarChart
                testId="components-chart"
                series={t('components.charts.revenue')}
                data={SAMPLE_WEEKS.map((row) => ({ key: row.week, label: weekLabel(row.week), cents: row.cents }))}
              />
            </Suspense>
          ) : (
            <p className="text-sm text-muted">{t('components.charts.noJs')}</p>
          )}
          <div className="max-h-80 overflow-y-auto">
            <WeekTable
              testId="components-weeks"
              caption={t('components.charts.title')}
              amountLabel={t('components.charts.revenue')}
              rows={[...SAMPLE_WEEKS].reverse()}
            />
          </div>
        </Panel>
        <Panel title={t('components.charts.emptyPanel')}>
          <EmptyState title={t('components.charts.emptyTitle')} description={t('components.charts.empty')} />
          <h3 className="text-xs font-bold tracking-wide text-muted uppercase">{t('components.states.pending')}</h3>
          <div className="mt-3 h-24 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" aria-hidden="true" />
        </Panel>
      </div>
    </Section>
  )
}

function IconsSection() {
  const { t } = useTranslation()
  const names = Object.keys(ICON_PATHS) as IconName[]
  return (
    <Section id="icons" text={t('components.icons.text')}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="icons-demo">
        {names.map((name) => (
          <li key={name} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2">
            <Icon name={name} />
            <code className="truncate text-xs" dir="ltr">
              {name}
            </code>
          </li>
        ))}
      </ul>
      <State label={t('components.icons.flip')} note={t('components.icons.flipNote')}>
        <Icon name="chevronLeft" className="fd-flip-rtl" />
        <Icon name="chevronRight" className="fd-flip-rtl" />
      </State>
    </Section>
  )
}

function RefusalsSection() {
  const { t } = useTranslation()
  const refusal: ShownRefusal = {
    message: t('components.refusals.message'),
    reasons: [t('components.refusals.reason')],
    field: () => undefined,
    fields: {},
    conflict: true,
    link: { to: '#tables', label: t('components.refusals.link') },
    values: {},
  }
  return (
    <Section id="refusals" text={t('components.refusals.text')}>
      <State label={t('components.refusals.notice')}>
        <RefusalNotice refusal={refusal} reloadTo={`${PAGE}#refusals`} className="w-full" testId="refusal-demo" />
      </State>
      <State label={t('components.refusals.formErrors')}>
        <div className="w-full">
          <FormErrors errors={[t('components.refusals.formError')]} />
        </div>
      </State>
      <State label={t('components.refusals.fieldErrors')}>
        <ErrorList errors={['validation.required', 'validation.tooLong']} />
      </State>
      <State label={t('components.refusals.conflict')}>
        <ConflictNotice reloadTo={`${PAGE}#refusals`} />
      </State>
    </Section>
  )
}
