import { Card } from '~/components/ui/card'
import { CopyButton } from '~/components/ui/copy-button'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

/**
 * The organization's inbound address (`inboundEmail`), read-only: what to give brokers or forward
 * broker mail to. The address as selectable text (one tap selects it all, copy without JavaScript)
 * and a Copy button with JavaScript.
 * The account and organization pages show it; its strings are in `organization.inbound`.
 */
export function InboundAddressCard({ email, className }: { email: string; className?: string }) {
  const { t } = useTranslation()
  const at = email.lastIndexOf('@')
  const [local, domain] = [email.slice(0, at), email.slice(at)]
  return (
    <Card className={cn('p-6', className)} data-testid="inbound-address">
      <h2 className="mb-1 text-base font-bold">{t('organization.inbound.title')}</h2>
      <p id="inbound-email-hint" className="mb-4 text-sm text-muted">
        {t('organization.inbound.hint')}
      </p>
      <label htmlFor="inbound-email" className="mb-1.5 block text-sm font-semibold">
        {t('organization.inbound.label')}
      </label>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        {/* Wrapped (before the @ first), never cut at 390 px; one tap selects the whole address (user-select: all). */}
        <output
          id="inbound-email"
          dir="ltr"
          aria-describedby="inbound-email-hint"
          className={cn(inputClass, 'h-auto min-w-0 py-2.5 font-mono text-sm [overflow-wrap:anywhere] select-all sm:flex-1')}
          data-testid="inbound-email"
        >
          {local}
          <wbr />
          {domain}
        </output>
        <CopyButton value={email} label={t('organization.inbound.copy')} />
      </div>
    </Card>
  )
}
