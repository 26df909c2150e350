import { getInputProps } from '@conform-to/react'
import { type FormEvent, useRef } from 'react'
import { href } from 'react-router'

import { CheckboxField } from '~/components/forms/custom-field-inputs'
import { RecordForm } from '~/components/forms/record-form'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import {
  createCustomFieldDefinition,
  type CustomFieldRow,
  getCustomFieldDefinition,
  isLocked,
  serializeCustomFieldDefinition,
  updateCustomFieldDefinition,
} from '~/models/organization/custom-fields.server'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, savedToList, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { CustomFieldCreateSchema, CustomFieldUpdateSchema } from '~/schemas/custom-field'
import { CUSTOM_FIELD_LISTS, CUSTOM_FIELD_TYPES, keyFromLabel } from '~/schemas/custom-field-options'
import { orNotFound } from '~/utils/errors.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['customFields'] }

const LIST = href('/dashboard/customfields/list')

/** One editor for /dashboard/customfields/new and /dashboard/customfields/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'customField')
  const url = new URL(request.url)
  const definition = params.id ? await orNotFound(getCustomFieldDefinition(user.organizationId, params.id)) : null
  const list = url.searchParams.get('list')
  return {
    definition: definition ? serializeCustomFieldDefinition(definition) : null,
    // Key, list and type are fixed once a record holds a value for the key.
    locked: definition ? await isLocked(definition) : false,
    list: (CUSTOM_FIELD_LISTS as readonly string[]).includes(list ?? '') ? list : null,
    returnTo: listReturnTo(url.searchParams.get('returnTo'), LIST),
    constraint: formConstraint(definition ? CustomFieldUpdateSchema : CustomFieldCreateSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'customField')
  const formData = await request.formData()
  const t = getInstance(context).t
  const saved = (definition: CustomFieldRow) =>
    savedToList(formData, LIST, definition.id, {
      type: 'success',
      title: t(params.id ? 'customFields.toast.updated' : 'customFields.toast.created', { label: definition.label }),
    })

  return params.id
    ? submitForm(formData, CustomFieldUpdateSchema, (input) => updateCustomFieldDefinition(actor, params.id!, input), saved, { translate: t })
    : submitForm(formData, CustomFieldCreateSchema, (input) => createCustomFieldDefinition(actor, input), saved, { translate: t })
}

export default function CustomFieldEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { definition, locked, list, returnTo } = loaderData
  const [form, fields] = useSchemaForm<typeof CustomFieldUpdateSchema>({
    id: definition ? `customfield-${definition.id}` : 'customfield-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: definition
      ? {
          listName: definition.listName,
          key: definition.key,
          label: definition.label,
          type: definition.type,
          options: definition.options.join('\n'),
          required: definition.required ? 'on' : undefined,
          sortOrder: String(definition.sortOrder),
          active: definition.active ? 'on' : undefined,
          version: String(definition.version),
        }
      : { listName: list ?? 'trucks', type: 'text', sortOrder: '0' },
  })
  const title = definition ? t('customFields.edit.title', { label: definition.label }) : t('customFields.new.title')
  const listOptions = CUSTOM_FIELD_LISTS.map((value) => ({ value, label: t(`customFields.lists.${value}`) }))
  const typeOptions = CUSTOM_FIELD_TYPES.map((value) => ({ value, label: t(`customFields.types.${value}`) }))
  const lockedHint = locked ? t('customFields.editor.lockedHint') : undefined
  // With JavaScript, the label suggests the key until the key is typed by hand (an empty key is
  // made from the label on the server, by the same rule). A saved definition keeps its key.
  const keyTyped = useRef(Boolean(definition))
  const suggestKey = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target as HTMLInputElement
    if (input.name === fields.key.name) keyTyped.current = input.value !== ''
    const key = input.form?.elements.namedItem(fields.key.name)
    if (input.name === fields.label.name && !keyTyped.current && key instanceof HTMLInputElement) key.value = keyFromLabel(input.value)
  }

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.customFields'), to: returnTo },
          { label: definition ? definition.label : t('nav.create') },
        ]}
      />
      <RecordForm
        form={form}
        version={definition ? fields.version : undefined}
        conflictReload={
          actionData?.conflict && definition ? withReturnTo(href('/dashboard/customfields/:id/edit', { id: definition.id }), returnTo) : undefined
        }
        returnTo={returnTo}
        submitLabel={definition ? t('common.saveChanges') : t('customFields.new.submit')}
        className="max-w-4xl"
      >
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('customFields.editor.definition')}</h2>
          {locked ? (
            <p className="mb-5 rounded-lg border border-info/30 bg-info-lighter px-4 py-3 text-sm text-info-darker" data-testid="locked-notice">
              {t('customFields.editor.locked')}
            </p>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2" onInput={locked ? undefined : suggestKey}>
            {locked ? (
              <>
                {/* Fixed: sent as they are, shown read-only (a disabled control would not be sent). */}
                <input type="hidden" name={fields.listName.name} value={definition?.listName} />
                <input type="hidden" name={fields.type.name} value={definition?.type} />
                <LockedValue label={t('customFields.fields.listName')} value={t(`customFields.lists.${definition?.listName}`)} hint={lockedHint} />
                <TextField label={t('customFields.fields.label')} field={fields.label} />
                <div className="min-w-0">
                  <label htmlFor={fields.key.id} className="mb-1.5 block text-sm font-semibold text-ink">
                    {t('customFields.fields.key')}
                  </label>
                  <input
                    {...getInputProps(fields.key, { type: 'text' })}
                    readOnly
                    className="block h-11 w-full rounded-lg border border-line bg-black/5 px-3.5 font-mono text-sm dark:bg-white/10"
                  />
                  <p className="mt-1.5 text-xs text-muted">{lockedHint}</p>
                </div>
                <LockedValue label={t('customFields.fields.type')} value={t(`customFields.types.${definition?.type}`)} hint={lockedHint} />
              </>
            ) : (
              <>
                <SelectField label={t('customFields.fields.listName')} field={fields.listName} options={listOptions} />
                <TextField label={t('customFields.fields.label')} field={fields.label} />
                <TextField label={t('customFields.fields.key')} field={fields.key} hint={t('customFields.editor.keyHint')} />
                <SelectField label={t('customFields.fields.type')} field={fields.type} options={typeOptions} />
              </>
            )}
          </div>
          <TextareaField
            label={t('customFields.fields.options')}
            field={fields.options}
            hint={t('customFields.editor.optionsHint')}
            className="mt-5"
            rows={5}
          />
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('customFields.editor.behaviour')}</h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t('customFields.fields.sortOrder')} field={fields.sortOrder} type="number" hint={t('customFields.editor.sortOrderHint')} />
            <div className="space-y-3">
              <CheckboxField label={t('customFields.fields.required')} field={fields.required} hint={t('customFields.editor.requiredHint')} />
              {definition ? <CheckboxField label={t('customFields.fields.active')} field={fields.active} hint={t('customFields.editor.activeHint')} /> : null}
            </div>
          </div>
        </Card>
      </RecordForm>
    </>
  )
}

function LockedValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <p className="mb-1.5 text-sm font-semibold text-ink">{label}</p>
      <p className="flex h-11 items-center rounded-lg border border-line bg-black/5 px-3.5 text-sm dark:bg-white/10">{value}</p>
      {hint ? <p className="mt-1.5 text-xs text-muted">{hint}</p> : null}
    </div>
  )
}
