import { Form, href, useLocation } from 'react-router'

import { ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { listCustomFieldDefinitions, serializeCustomFieldDefinition } from '~/models/organization/custom-fields.server'
import { requirePermission } from '~/requests/session.server'
import { CUSTOM_FIELD_LISTS, type CustomFieldList } from '~/schemas/custom-field-options'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { listPermissions } from '~/utils/permissions'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['customFields'] }

const LIST = href('/dashboard/customfields/list')

/** `?list=trucks` shows one list; anything else shows them all. */
function listParam(value: string | null): CustomFieldList | undefined {
  return (CUSTOM_FIELD_LISTS as readonly string[]).includes(value ?? '') ? (value as CustomFieldList) : undefined
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'customField')
  const url = new URL(request.url)
  const list = listParam(url.searchParams.get('list'))
  const rows = await listCustomFieldDefinitions(user.organizationId, list)
  return {
    list: list ?? null,
    changed: url.searchParams.get('changed'),
    definitions: rows.map(serializeCustomFieldDefinition),
    ...listPermissions(user.role, 'customField'),
  }
}

function submitOnChange(event: React.ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit()
}

export default function CustomFieldList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const { list, definitions, changed } = loaderData
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  // One table per list, in the order of CUSTOM_FIELD_LISTS; each ordered as forms show the fields.
  const groups = CUSTOM_FIELD_LISTS.map((name) => ({ name, rows: definitions.filter((definition) => definition.listName === name) })).filter(
    (group) => group.rows.length > 0,
  )
  const newHref = withReturnTo(`${href('/dashboard/customfields/new')}${list ? `?list=${list}` : ''}`, returnTo)

  return (
    <>
      <ListHeader
        title={t('customFields.list.title')}
        listLabel={t('nav.customFields')}
        list={LIST}
        newHref={loaderData.canCreate && newHref}
        newLabel={t('customFields.list.new')}
      />
      <p className="mb-6 max-w-3xl text-sm text-muted">{t('customFields.list.intro')}</p>
      <Card className="overflow-hidden">
        <Form method="get" action={pathname} className="flex flex-wrap items-end gap-3 p-4 sm:p-5" role="search">
          <div className="min-w-48">
            <label htmlFor="list" className="fd-label">
              {t('customFields.fields.listName')}
            </label>
            <select id="list" name="list" defaultValue={list ?? ''} className={inputClass} onChange={submitOnChange}>
              <option value="">{t('list.all')}</option>
              {CUSTOM_FIELD_LISTS.map((name) => (
                <option key={name} value={name}>
                  {t(`customFields.lists.${name}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            <Icon name="filter" size={18} />
            {t('list.apply')}
          </Button>
        </Form>

        {groups.length === 0 ? (
          <EmptyState
            title={t(list ? 'customFields.list.noMatchTitle' : 'customFields.list.emptyTitle')}
            description={t(list ? 'customFields.list.noMatch' : 'customFields.list.empty')}
            action={loaderData.canCreate ? <ButtonLink to={newHref}>{t('customFields.list.new')}</ButtonLink> : undefined}
          />
        ) : (
          groups.map((group) => (
            <section key={group.name} aria-labelledby={`group-${group.name}`} className="border-t border-line">
              <h2 id={`group-${group.name}`} className="px-4 pt-4 pb-2 text-base font-bold sm:px-5">
                {t(`customFields.lists.${group.name}`)}
              </h2>
              <ListTable
                testId={`customfields-${group.name}`}
                head={
                  <>
                    <th scope="col" className="px-3 py-3 text-end whitespace-nowrap">
                      {t('customFields.fields.sortOrder')}
                    </th>
                    <th scope="col" className="px-3 py-3 text-start">
                      {t('customFields.fields.label')}
                    </th>
                    <th scope="col" className="px-3 py-3 text-start">
                      {t('customFields.fields.key')}
                    </th>
                    <th scope="col" className="px-3 py-3 text-start">
                      {t('customFields.fields.type')}
                    </th>
                    <th scope="col" className="px-3 py-3 text-start">
                      {t('customFields.fields.status')}
                    </th>
                  </>
                }
              >
                {group.rows.map((definition) => (
                  <ListRow
                    key={definition.id}
                    changed={definition.id === changed}
                    actions={
                      <RowActions
                        returnTo={returnTo}
                        edit={
                          loaderData.canUpdate && {
                            path: href('/dashboard/customfields/:id/edit', { id: definition.id }),
                            label: t('customFields.list.editField', { label: definition.label }),
                          }
                        }
                        remove={
                          loaderData.canDelete && {
                            path: href('/dashboard/customfields/:id/delete', { id: definition.id }),
                            version: definition.version,
                            label: t('customFields.list.deleteField', { label: definition.label }),
                            title: t('customFields.delete.title', { label: definition.label }),
                            description: t('customFields.delete.description'),
                          }
                        }
                      />
                    }
                  >
                    <td className="text-end tabular-nums">{definition.sortOrder}</td>
                    <td className="font-semibold">
                      {loaderData.canUpdate ? (
                        <a href={withReturnTo(href('/dashboard/customfields/:id/edit', { id: definition.id }), returnTo)} className="hover:underline">
                          {definition.label}
                        </a>
                      ) : (
                        definition.label
                      )}
                      {definition.required ? (
                        <span className="ms-2">
                          <Badge tone="info">{t('customFields.fields.required')}</Badge>
                        </span>
                      ) : null}
                    </td>
                    <td className="font-mono text-xs">
                      <bdi>{definition.key}</bdi>
                    </td>
                    <td>
                      {t(`customFields.types.${definition.type}`)}
                      {definition.type === 'select' ? <span className="block text-xs text-muted">{definition.options.join(' · ')}</span> : null}
                    </td>
                    <td className="whitespace-nowrap">
                      <Badge tone={definition.active ? 'success' : 'default'}>{t(definition.active ? 'customFields.active' : 'customFields.inactive')}</Badge>
                    </td>
                  </ListRow>
                ))}
              </ListTable>
            </section>
          ))
        )}
      </Card>
    </>
  )
}
