import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList } from '~/components/ui/field'
import { fileInputClass, inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { LOAD_DOCUMENT_ACCEPT } from '~/schemas/load-document-options'
import { QUALIFICATION_KINDS, QUALIFICATION_NOTES_MAX, QUALIFICATION_RESULT_MAX, type QualificationKind } from '~/schemas/qualification-options'
import { formatNumber } from '~/utils/format'

import type { FileItem } from './qualification-file'

/**
 * The one form of a qualification item (ADR 139), new and edit alike: a plain multipart post
 * (`intent=save`, with the item's `id` and `version` when editing) that works without JavaScript;
 * the server's schema decides, and its messages come back at their fields. `driverKind` is the
 * driver's own upload: that kind only, a document required.
 */
export function QualificationEditor({
  item,
  actionData,
  maxBytes,
  driverKind,
  children,
}: {
  item: FileItem | null
  actionData: unknown
  maxBytes: number
  driverKind?: QualificationKind
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const refusal = useRefusal(actionData, 'save', undefined, ['kind', 'completedAt', 'expiresAt', 'result', 'notes', 'file'])
  const posted = refusal?.values ?? {}
  const value = (name: keyof FileItem) => {
    const typed = posted[name]
    if (typeof typed === 'string') return typed
    const stored = item?.[name]
    return typeof stored === 'string' ? stored : ''
  }
  const field = (name: string) => ({
    id: `qualification-${name}`,
    name,
    'aria-invalid': refusal?.field(name)?.length ? true : undefined,
    'aria-describedby': refusal?.field(name)?.length ? `qualification-${name}-error` : undefined,
  })
  const label = (name: string, text: string, required = false) => (
    <label htmlFor={`qualification-${name}`} className="mb-1.5 block text-sm font-semibold">
      {text}
      {required ? <span className="text-error"> *</span> : null}
    </label>
  )
  const errors = (name: string) => <ErrorList id={`qualification-${name}-error`} errors={refusal?.field(name)} />
  const size = formatNumber(i18n.language, maxBytes / 1024 / 1024)
  const title = driverKind ? t('qualifications.upload.title') : item ? t('qualifications.edit.title') : t('qualifications.add.title')
  return (
    <Card className="mt-6 p-4 sm:p-6" id="qualification-editor">
      <h2 className="mb-1 text-base font-bold">{title}</h2>
      {driverKind ? <p className="mb-3 text-sm text-muted">{t('qualifications.upload.hint')}</p> : null}
      <RefusalNotice refusal={refusal} className="mb-4" testId="qualification-editor-refusal" />
      <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" data-testid="qualification-editor" noValidate>
        <input type="hidden" name="intent" value="save" />
        {item ? (
          <>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="version" value={item.version} />
          </>
        ) : null}
        {driverKind ? (
          <input type="hidden" name="kind" value={driverKind} />
        ) : (
          <div className="min-w-0">
            {label('kind', t('qualifications.fields.kind'), true)}
            <select {...field('kind')} defaultValue={value('kind')} className={inputClass} required>
              <option value="">{t('qualifications.fields.kind')}</option>
              {QUALIFICATION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`qualifications.kinds.${kind}`)}
                </option>
              ))}
            </select>
            {errors('kind')}
          </div>
        )}
        <div className="min-w-0">
          {label('completedAt', t('qualifications.fields.completedAt'), true)}
          <input {...field('completedAt')} type="date" defaultValue={value('completedAt')} className={inputClass} required />
          {errors('completedAt')}
        </div>
        <div className="min-w-0">
          {label('expiresAt', t('qualifications.fields.expiresAt'), Boolean(driverKind))}
          <input {...field('expiresAt')} type="date" defaultValue={value('expiresAt')} className={inputClass} />
          {errors('expiresAt')}
        </div>
        {driverKind ? null : (
          <>
            <div className="min-w-0">
              {label('result', t('qualifications.fields.result'))}
              <input {...field('result')} type="text" dir="auto" maxLength={QUALIFICATION_RESULT_MAX} defaultValue={value('result')} className={inputClass} />
              {errors('result')}
            </div>
            <div className="min-w-0 sm:col-span-2">
              {label('notes', t('qualifications.fields.notes'))}
              <textarea {...field('notes')} rows={3} dir="auto" maxLength={QUALIFICATION_NOTES_MAX} defaultValue={value('notes')} className={inputClass} />
              {errors('notes')}
            </div>
          </>
        )}
        <div className="min-w-0 sm:col-span-2">
          {label('file', t('qualifications.fields.document'), Boolean(driverKind))}
          <input {...field('file')} type="file" accept={LOAD_DOCUMENT_ACCEPT} className={fileInputClass} required={Boolean(driverKind)} />
          {refusal?.field('file')?.length ? (
            errors('file')
          ) : (
            <p className="mt-1.5 text-xs text-muted">
              {item?.document ? t('qualifications.replaceHint', { size }) : t('qualifications.documentHint', { size })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" disabled={navigation.state !== 'idle'} data-testid="qualification-save">
            {driverKind ? t('qualifications.upload.submit') : item ? t('qualifications.edit.submit') : t('qualifications.add.submit')}
          </Button>
          {children}
        </div>
      </Form>
    </Card>
  )
}
