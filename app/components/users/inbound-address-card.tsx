import { Card } from '~/components/ui/card'
import { CopyButton } from '~/components/ui/copy-button'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

/**
 * The organization's inbound address (`inboundEmail`), read-only: what to give brokers or forward
 * broker mail to. A read-only field (select and copy without JavaScript) and a Copy button with it.
 * The account and organization pages show it; its strings are in `organization.inbound`.
 */
export function InboundAddressCard({ email, className }: { email: string; className?: string }) {
  const { t } = useTranslation()
  return (
    <Card className={cn('p-6', className)} data-testid="inbound-address">
      <h2 className="mb-1 text-base font-bold">{t('organization.inbound.title')}</h2>
      <p id="inbound-email-hint" className="mb-4 text-sm text-muted">
        {t('organization.inbound.hint')}
      </p>
      <label htmlFor="inbound-email" className="mb-1.5 block text-sm font-semibold">
        {t('organization.inbound.label')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="inbound-email"
          type="text"
          readOnly
          value={email}
          dir="ltr"
          aria-describedby="inbound-email-hint"
          className={cn(inputClass, 'min-w-0 flex-1 font-mono text-sm')}
          data-testid="inbound-email"
        />
        <CopyButton value={email} label={t('organization.inbound.copy')} />
      </div>
    </Card>
  )
}
