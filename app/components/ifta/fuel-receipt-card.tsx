import { Form, href, useNavigation } from 'react-router'

import type { ShownRefusal } from '~/components/forms/refusal'
import { UploadFileField } from '~/components/forms/upload-file-field'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { formatBytes, formatDateTime, formatNumber } from '~/utils/format'

export type ReceiptItem = { fileName: string; contentType: string; sizeBytes: number; uploadedAt: string }

/**
 * A fuel purchase's receipt (ADR 129): its picture (or a PDF's name) with a download link, and for
 * those who change purchases a plain multipart form to add or replace it and a button to remove
 * it, both working without JavaScript. A filed quarter's receipt is shown with why it stays.
 */
export function FuelReceiptCard({
  purchaseId,
  version,
  receipt,
  canUpdate,
  keptFor,
  timeZone,
  refusal,
}: {
  purchaseId: string
  version: number
  receipt: ReceiptItem | null
  canUpdate: boolean
  /** The filed quarter that keeps the receipt as it is, or null when it may change. */
  keptFor: string | null
  timeZone: string
  refusal: ShownRefusal | null
}) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formEncType === 'multipart/form-data'
  const fileErrors = refusal?.field('file')
  const url = href('/dashboard/fuel/:id/receipt', { id: purchaseId })
  const changeable = canUpdate && !keptFor
  return (
    <Card className="p-6 lg:col-span-2" data-testid="fuel-receipt-file">
      <h2 className="mb-3 text-base font-bold">{t('fuel.receipt.title')}</h2>
      {receipt ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {receipt.contentType.startsWith('image/') ? (
            <a href={url} className="block shrink-0">
              <img
                src={url}
                alt={t('fuel.receipt.alt', { name: receipt.fileName })}
                className="max-h-64 w-auto max-w-full rounded-lg border border-line object-contain sm:max-w-xs"
              />
            </a>
          ) : null}
          <div className="min-w-0 space-y-1">
            <a href={url} className="font-semibold break-all text-primary-darker hover:underline dark:text-primary-light" data-testid="fuel-receipt-link">
              <Icon name="download" size={16} className="me-1 align-text-bottom" />
              {receipt.fileName}
            </a>
            <p className="text-sm text-muted">
              <span className="tabular-nums">{formatBytes(i18n.language, receipt.sizeBytes)}</span>
              {' · '}
              {t('fuel.receipt.uploaded', { date: formatDateTime(i18n.language, receipt.uploadedAt, timeZone) })}
            </p>
            {keptFor ? (
              <p className="text-sm text-muted" data-testid="fuel-receipt-kept">
                {t('fuel.receipt.kept', { quarter: keptFor })}
              </p>
            ) : null}
            {changeable ? (
              <Form method="post" className="pt-2">
                <input type="hidden" name="version" value={version} />
                <Button type="submit" name="intent" value="removeReceipt" variant="secondary" size="sm">
                  <Icon name="trash" size={16} />
                  {t('fuel.receipt.remove')}
                </Button>
              </Form>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted" data-testid="fuel-receipt-none">
          {t('fuel.receipt.none')}
        </p>
      )}
      {canUpdate && (changeable || !receipt) ? (
        // Keyed by the stored receipt: a new one empties the file input (with JavaScript the page stays mounted).
        <Form
          key={receipt?.uploadedAt ?? 'none'}
          method="post"
          encType="multipart/form-data"
          className="mt-5 border-t border-dashed border-line pt-4"
          data-testid="fuel-receipt-upload"
        >
          <input type="hidden" name="version" value={version} />
          {refusal?.message ? (
            <p role="alert" className="mb-3 text-sm font-semibold text-error" data-testid="fuel-receipt-refusal">
              {refusal.message}
            </p>
          ) : null}
          <div className="flex flex-wrap items-start gap-4">
            <UploadFileField
              id="receipt-file"
              label={receipt ? t('fuel.receipt.replaceLabel') : t('fuel.receipt.fileLabel')}
              hint={t('fuel.receipt.hint', { size: formatNumber(i18n.language, LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024) })}
              errors={fileErrors}
            />
            <Button type="submit" disabled={busy} className="sm:mt-7">
              <Icon name="plus" size={18} />
              {receipt ? t('fuel.receipt.replace') : t('fuel.receipt.upload')}
            </Button>
          </div>
        </Form>
      ) : null}
    </Card>
  )
}
