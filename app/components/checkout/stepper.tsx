import { Form } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { CHECKOUT_STEPS, type CheckoutStep, STEP_NAMES } from '~/policies/cart'
import { cn } from '~/utils/cn'

/**
 * The checkout's steps: done ones (a button that jumps back to them), the current one, and the
 * ones not reachable yet. Each jump is a form post (`intent=step`), so it works without JavaScript.
 */
export function CheckoutStepper({ active, reachable }: { active: CheckoutStep; reachable: readonly CheckoutStep[] }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('checkout.stepsLabel')} className="mb-6">
      <ol className="flex flex-wrap items-center gap-2 sm:gap-4" data-testid="checkout-stepper">
        {CHECKOUT_STEPS.map((step) => {
          const name = t(`checkout.steps.${STEP_NAMES[step]}`)
          const current = step === active
          const done = step < active
          const open = !current && reachable.includes(step)
          const marker = (
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                current ? 'bg-primary text-white' : done ? 'bg-success-dark text-white' : 'bg-black/10 text-muted dark:bg-white/10',
              )}
              aria-hidden="true"
            >
              {done ? <Icon name="check" className="size-4" /> : step + 1}
            </span>
          )
          const label = (
            <>
              {marker}
              <span className={cn('text-sm', current ? 'font-bold text-ink' : 'text-muted')}>{name}</span>
              {done ? <span className="sr-only">({t('checkout.stepDone')})</span> : null}
              {current ? <span className="sr-only">({t('checkout.stepCurrent')})</span> : null}
            </>
          )
          return (
            <li
              key={step}
              className="flex items-center gap-2"
              aria-current={current ? 'step' : undefined}
              data-step={STEP_NAMES[step]}
              data-state={current ? 'current' : done ? 'done' : 'todo'}
            >
              {open ? (
                <Form method="post" className="contents">
                  <input type="hidden" name="intent" value="step" />
                  <input type="hidden" name="step" value={step} />
                  <button type="submit" className="flex items-center gap-2 rounded-md underline-offset-4 hover:underline">
                    {label}
                  </button>
                </Form>
              ) : (
                <span className="flex items-center gap-2">{label}</span>
              )}
              {step < 2 ? <span aria-hidden="true" className="hidden h-px w-8 bg-line sm:block" /> : null}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
