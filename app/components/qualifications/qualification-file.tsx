import type { ReactNode } from 'react'

import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { COMPLIANCE_STATUS_TONE, type ComplianceStatus, type QualificationKind, type QualificationReview } from '~/schemas/qualification-options'
import { formatBytes, formatDate } from '~/utils/format'

/** An item as the file's pages show it (the loader's shape, not the API's). */
export type FileItem = {
  id: string
  kind: QualificationKind
  completedAt: string
  expiresAt: string | null
  result: string | null
  notes: string | null
  review: QualificationReview
  validThrough: string | null
  status: ComplianceStatus
  version: number
  document: { fileName: string; sizeBytes: number; url: string } | null
}

export type FileKind = { kind: QualificationKind; status: ComplianceStatus; validThrough: string | null; required: boolean; items: FileItem[] }

const REVIEW_TONE = { pending: 'warning', accepted: 'success', rejected: 'default' } as const

/**
 * A driver's qualification file (ADR 139), kind by kind in the file's order: the kind's status
 * from its accepted items (a badge in COMPLIANCE_STATUS_TONE), then each item with its dates,
 * result, review and document link. `actions` adds the writer's buttons to an item.
 */
export function QualificationFile({ kinds, actions }: { kinds: FileKind[]; actions?: (item: FileItem) => ReactNode }) {
  const { t, i18n } = useTranslation()
  const empty = kinds.every((kind) => kind.items.length === 0)
  return (
    <div className="space-y-4" data-testid="qualification-file">
      {empty ? (
        <Card className="p-6 text-sm text-muted" data-testid="qualification-empty">
          {t('qualifications.empty')}
        </Card>
      ) : null}
      {kinds.map((group) => (
        <Card key={group.kind} className="p-4 sm:p-6" data-testid={`qualification-kind-${group.kind}`}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-bold">{t(`qualifications.kinds.${group.kind}`)}</h2>
            <span data-testid="kind-status">
              <Badge tone={COMPLIANCE_STATUS_TONE[group.status]}>{t(`qualifications.status.${group.status}`)}</Badge>
            </span>
            {group.required ? <Badge tone="info">{t('qualifications.required')}</Badge> : null}
            {group.validThrough ? (
              <span className="text-sm text-muted">{t('qualifications.validThrough', { date: formatDate(i18n.language, group.validThrough) })}</span>
            ) : null}
          </div>
          {group.items.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t('qualifications.kindEmpty')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {group.items.map((item) => (
                <li key={item.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="qualification-item">
                  <div className="min-w-0 space-y-1 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <span>
                        {t('qualifications.fields.completedAt')}: <span className="tabular-nums">{formatDate(i18n.language, item.completedAt)}</span>
                      </span>
                      <span className="text-muted">
                        {item.validThrough
                          ? t('qualifications.validThrough', { date: formatDate(i18n.language, item.validThrough) })
                          : t('qualifications.never')}
                      </span>
                      <Badge tone={COMPLIANCE_STATUS_TONE[item.status]}>{t(`qualifications.status.${item.status}`)}</Badge>
                      <span data-testid="item-review">
                        <Badge tone={REVIEW_TONE[item.review]}>{t(`qualifications.review.${item.review}`)}</Badge>
                      </span>
                    </p>
                    {item.result ? (
                      <p dir="auto">
                        {t('qualifications.fields.result')}: {item.result}
                      </p>
                    ) : null}
                    {item.notes ? (
                      <p className="whitespace-pre-line text-muted" dir="auto">
                        {item.notes}
                      </p>
                    ) : null}
                    {item.document ? (
                      <a
                        href={item.document.url}
                        className="inline-flex items-center gap-1 font-semibold break-all text-primary-darker hover:underline dark:text-primary-light"
                        data-testid="qualification-document"
                      >
                        <Icon name="download" size={16} />
                        {item.document.fileName}
                        <span className="font-normal text-muted">({formatBytes(i18n.language, item.document.sizeBytes)})</span>
                      </a>
                    ) : null}
                  </div>
                  {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions(item)}</div> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ))}
    </div>
  )
}
