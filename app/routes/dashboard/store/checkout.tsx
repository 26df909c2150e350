import { Form, href, type ShouldRevalidateFunctionArgs } from 'react-router'
import { z } from 'zod'

import { CheckoutStepper } from '~/components/checkout/stepper'
import { LinesTable, MoneyTotals } from '~/components/checkout/totals'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, inputClass } from '~/components/ui/field'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import {
  addCartItem,
  type CartView,
  checkoutPickers,
  getCart,
  moveCartStep,
  removeCartItem,
  resetCart,
  setCartBilling,
  updateCartItem,
} from '~/models/store/cart.server'
import { driverStoreBalance, placeOrder } from '~/models/store/store-order.server'
import { type CheckoutStep, orderScope, SHIPPING_CENTS } from '~/policies/cart'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { CartAddSchema, CartBillingSchema, CartLineFormSchema, CartRemoveFormSchema, CartStepSchema, CheckoutSchema } from '~/schemas/checkout'
import { CHARGE_TO, MAX_LINE_QUANTITY, SHIPPING_METHODS } from '~/schemas/checkout-options'
import { prisma } from '~/utils/db.server'
import { formatMoney } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/checkout'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['checkout'] }

const PAGE = href('/dashboard/e-commerce/checkout')
const NoFields = z.object({})

/** The user's cart at its step (0 cart, 1 billing and shipping, 2 review), with who an order may be charged to. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireActor(request, 'create', 'storeOrder')
  // A driver buys for themselves, charged to their own settlement, within their store limit (ADR 101).
  const self = orderScope(user)?.driverId
  const [cart, pickers, storeBalance] = await Promise.all([
    getCart(user.id),
    checkoutPickers(user.organizationId, self),
    self ? driverStoreBalance(prisma, user.organizationId, self) : null,
  ])
  return { cart, pickers, driverSelf: self ?? null, storeBalance }
}

/**
 * Every checkout form posts here: add (the shop's form), a line's quantity, remove, billing and
 * shipping (which moves on to the review), a step, reset, and "Place order" (to the order's page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { actor } = await requireActor(request, 'create', 'storeOrder')
  const form = await request.formData()
  const back = (key: string) => () => redirectWithToast(PAGE, { type: 'success', title: t(key) })
  // A refused quantity names its line, so the page shows the message at that line's input.
  const line = form.get('intent') === 'update' ? form.get('itemId') : null
  return intentAction(
    form,
    t,
    {
      add: intent({ schema: CartAddSchema, run: (input) => addCartItem(actor, input), done: back('checkout.added') }),
      update: intent({
        schema: CartLineFormSchema,
        run: ({ itemId, quantity }) => updateCartItem(actor, itemId, quantity),
        done: back('checkout.saved'),
        gone: true,
      }),
      remove: intent({ schema: CartRemoveFormSchema, run: ({ itemId }) => removeCartItem(actor, itemId), done: back('checkout.saved'), gone: true }),
      billing: intent({ schema: CartBillingSchema, run: (input) => setCartBilling(actor, input, { advance: true }), done: back('checkout.saved') }),
      step: intent({
        schema: CartStepSchema,
        run: ({ step }) => moveCartStep(actor, step as CheckoutStep),
        done: () => redirectWithToast(PAGE, { type: 'info', title: t('checkout.saved') }),
      }),
      reset: intent({ schema: NoFields, run: () => resetCart(actor), done: back('checkout.resetDone') }),
      // With what the review showed: a price changed since is refused with the new total (ADR 090).
      place: intent({
        schema: CheckoutSchema,
        run: (reviewed) => placeOrder(actor, reviewed),
        done: (order) =>
          redirectWithToast(href('/dashboard/e-commerce/orders/:id', { id: order.id }), {
            type: 'success',
            title: t('checkout.placed', { number: order.orderNumber }),
          }),
      }),
    },
    typeof line === 'string' ? { about: line.slice(0, 40) } : {},
  )
}

/** After a refused "Place order" (409: prices changed, stock short), the review shows the cart as it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate
}

const BILLING_FIELDS = ['chargeTo', 'driverId', 'truckId', 'name', 'address', 'shippingMethod', 'discountCode']

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { cart } = loaderData
  const refusal = useRefusal(actionData, [null, 'add', 'remove', 'step', 'reset', 'place'], undefined, [])
  const lineRefusal = useRefusal(actionData, 'update', undefined, ['quantity'])
  const refusedLine = lineRefusal && actionData && typeof actionData === 'object' && 'about' in actionData ? actionData.about : null
  const billingRefusal = useRefusal(actionData, 'billing', undefined, BILLING_FIELDS)
  const step = cart.activeStep
  return (
    <>
      <PageHeader
        title={t('checkout.title')}
        crumbs={[{ label: t('nav.store'), to: href('/dashboard/e-commerce/shop') }, { label: t('checkout.title') }]}
        action={
          <ButtonLink variant="secondary" to={href('/dashboard/e-commerce/orders')}>
            {t('checkout.orders.title')}
          </ButtonLink>
        }
      />
      <CheckoutStepper active={step} reachable={cart.reachableSteps} />
      <RefusalNotice refusal={refusal} testId="checkout-refusal" className="mb-6" />
      <RefusalNotice refusal={billingRefusal} testId="billing-refusal" className="mb-6" />
      <RefusalNotice refusal={lineRefusal} testId="line-refusal" className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="min-w-0 p-4 sm:p-6">
          {step === 0 ? <CartStep cart={cart} refused={lineRefusal && refusedLine ? { itemId: String(refusedLine), refusal: lineRefusal } : null} /> : null}
          {step === 1 ? <BillingStep cart={cart} pickers={loaderData.pickers} errors={billingRefusal} driverSelf={loaderData.driverSelf} /> : null}
          {step === 2 ? <ReviewStep cart={cart} pickers={loaderData.pickers} /> : null}
        </Card>
        <aside className="space-y-4" aria-label={t('checkout.summary')}>
          <Card className="p-4 sm:p-6">
            <h2 className="mb-3 text-base font-bold">{t('checkout.summary')}</h2>
            <MoneyTotals totals={cart} discountCode={cart.discountCode} />
            {loaderData.storeBalance ? (
              <p className="mt-3 text-xs text-muted" data-testid="store-limit-note">
                {t('checkout.storeLimitNote', {
                  limit: formatMoney(i18n.language, loaderData.storeBalance.limitCents),
                  open: formatMoney(i18n.language, loaderData.storeBalance.openCents),
                })}
              </p>
            ) : null}
          </Card>
          {cart.items.length ? (
            <Form method="post">
              <input type="hidden" name="intent" value="reset" />
              <Button type="submit" variant="ghost" className="w-full" data-testid="checkout-reset">
                {t('checkout.reset')}
              </Button>
            </Form>
          ) : null}
        </aside>
      </div>
    </>
  )
}

/** A button that moves to a step (Back, Continue). */
function StepButton({
  step,
  label,
  variant = 'secondary',
  testId,
  disabled,
}: {
  step: CheckoutStep
  label: string
  variant?: 'primary' | 'secondary'
  testId: string
  disabled?: boolean
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="step" />
      <input type="hidden" name="step" value={step} />
      <Button type="submit" variant={variant} data-testid={testId} disabled={disabled}>
        {label}
      </Button>
    </Form>
  )
}

function CartStep({ cart, refused }: { cart: CartView; refused: { itemId: string; refusal: NonNullable<ReturnType<typeof useRefusal>> } | null }) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const overStock = cart.items.find((item) => item.exceedsStock)?.name
  if (!cart.items.length)
    return (
      <EmptyState
        title={t('checkout.empty')}
        description={t('checkout.emptyHint')}
        action={<ButtonLink to={href('/dashboard/e-commerce/shop')}>{t('checkout.toShop')}</ButtonLink>}
      />
    )
  return (
    <>
      <h2 className="mb-4 text-lg font-bold">{t('checkout.steps.cart')}</h2>
      <ul className="divide-y divide-line" data-testid="cart-lines">
        {cart.items.map((item) => {
          const errors = refused?.itemId === item.id ? refused.refusal.field('quantity') : undefined
          const typed = refused?.itemId === item.id ? refused.refusal.values.quantity : undefined
          return (
            <li key={item.id} className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 py-3" data-testid="cart-line">
              <div className="min-w-0 flex-1 basis-full sm:basis-40">
                <p className="font-semibold">
                  <bdi>{item.name}</bdi>
                </p>
                <p className="text-xs text-muted">
                  {item.color ? `${t('checkout.color')}: ${item.color} · ` : ''}
                  {money(item.priceCents)}
                </p>
                {item.exceedsStock ? (
                  <p className="text-xs font-semibold text-error" data-testid="line-over-stock">
                    {t('checkout.outOfStock', { count: item.stock })}
                  </p>
                ) : null}
              </div>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="itemId" value={item.id} />
                <input
                  type="number"
                  name="quantity"
                  min={1}
                  max={MAX_LINE_QUANTITY}
                  step={1}
                  required
                  defaultValue={typeof typed === 'string' ? typed : item.quantity}
                  aria-label={t('checkout.quantityOf', { name: item.name })}
                  className={`${inputClass} w-20`}
                  {...(errors?.length ? { 'aria-invalid': true, 'aria-describedby': `quantity-${item.id}-error` } : {})}
                />
                <Button type="submit" variant="secondary" size="sm">
                  {t('checkout.update')}
                </Button>
                <ErrorList id={`quantity-${item.id}-error`} errors={errors} />
              </Form>
              <span className="fd-num w-20 text-end font-semibold" data-testid="line-total">
                {money(item.lineTotalCents)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="itemId" value={item.id} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`${t('checkout.remove')}: ${item.name}`}>
                  {t('checkout.remove')}
                </Button>
              </Form>
            </li>
          )
        })}
      </ul>
      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        {/* A line over the stock keeps the buyer here until it is lowered (the server refuses the step too). */}
        {overStock ? (
          <p className="text-sm font-medium text-error" data-testid="checkout-over-stock">
            {t('checkout.errors.overStock', { product: overStock })}
          </p>
        ) : null}
        <StepButton step={1} label={t('checkout.continue')} variant="primary" testId="checkout-continue" disabled={Boolean(overStock)} />
      </div>
    </>
  )
}

type Pickers = { drivers: Array<{ id: string; name: string }>; trucks: Array<{ id: string; name: string }> }

function Labelled({ id, label, errors, hint, children }: { id: string; label: string; errors?: string[]; hint?: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !errors?.length ? <p className="mt-1.5 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  )
}

function BillingStep({
  cart,
  pickers,
  errors,
  driverSelf,
}: {
  cart: CartView
  pickers: Pickers
  errors: ReturnType<typeof useRefusal>
  driverSelf: string | null
}) {
  const { t, i18n } = useTranslation()
  const posted = errors?.values ?? {}
  const value = (name: string, stored: string | null) => (typeof posted[name] === 'string' ? (posted[name] as string) : (stored ?? ''))
  const field = (name: string) => errors?.field(name)
  const invalid = (name: string) => (field(name)?.length ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {})
  const chargeTo = value('chargeTo', cart.billing.chargeTo)
  const shipping = value('shippingMethod', cart.shipping.method)
  return (
    <>
      <h2 className="mb-4 text-lg font-bold">{t('checkout.steps.billing')}</h2>
      <Form method="post" className="space-y-5" id="billing-form" noValidate>
        <input type="hidden" name="intent" value="billing" />
        <input type="hidden" name="version" value={cart.version} />
        {driverSelf ? (
          // A driver's order is charged to their own settlement: nothing to choose.
          <>
            <input type="hidden" name="chargeTo" value="driver" />
            <input type="hidden" name="driverId" value={driverSelf} />
            <p className="text-sm" data-testid="charge-to-self">
              {t('checkout.errors.driverSelf')}
            </p>
            <ErrorList id="chargeTo-error" errors={field('chargeTo')} />
          </>
        ) : (
          <>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink">{t('checkout.chargeTo')}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {CHARGE_TO.map((option) => (
                  <label key={option} className="flex items-start gap-2 rounded-lg border border-line p-3 text-sm has-checked:border-primary">
                    <input type="radio" name="chargeTo" value={option} defaultChecked={chargeTo === option} required className="mt-0.5" />
                    <span>{t(`checkout.chargeToOptions.${option}`)}</span>
                  </label>
                ))}
              </div>
              <ErrorList id="chargeTo-error" errors={field('chargeTo')} />
            </fieldset>
          </>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {driverSelf ? null : (
            <>
              <Labelled id="driverId" label={t('checkout.driver')} errors={field('driverId')} hint={t('checkout.driverHint')}>
                <select id="driverId" name="driverId" defaultValue={value('driverId', cart.billing.driverId)} className={inputClass} {...invalid('driverId')}>
                  <option value="">{t('checkout.choose')}</option>
                  {pickers.drivers.map((driver) => (
                    <option key={driver.id} value={driver.id}>
                      {driver.name}
                    </option>
                  ))}
                </select>
              </Labelled>
              <Labelled id="truckId" label={t('checkout.truck')} errors={field('truckId')} hint={t('checkout.truckHint')}>
                <select id="truckId" name="truckId" defaultValue={value('truckId', cart.billing.truckId)} className={inputClass} {...invalid('truckId')}>
                  <option value="">{t('checkout.choose')}</option>
                  {pickers.trucks.map((truck) => (
                    <option key={truck.id} value={truck.id}>
                      {truck.name}
                    </option>
                  ))}
                </select>
              </Labelled>
            </>
          )}
          <Labelled id="name" label={t('checkout.billingName')} errors={field('name')}>
            <input
              id="name"
              name="name"
              dir="auto"
              required
              maxLength={120}
              defaultValue={value('name', cart.billing.name)}
              className={inputClass}
              {...invalid('name')}
            />
          </Labelled>
          <Labelled id="discountCode" label={t('checkout.discountCode')} errors={field('discountCode')} hint={t('checkout.discountHint')}>
            <input
              id="discountCode"
              name="discountCode"
              dir="ltr"
              maxLength={40}
              defaultValue={value('discountCode', cart.discountCode)}
              className={inputClass}
              {...invalid('discountCode')}
            />
          </Labelled>
        </div>
        <Labelled id="address" label={t('checkout.billingAddress')} errors={field('address')}>
          <textarea
            id="address"
            name="address"
            dir="auto"
            required
            maxLength={500}
            rows={3}
            defaultValue={value('address', cart.billing.address)}
            className={inputClass}
            {...invalid('address')}
          />
        </Labelled>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-ink">{t('checkout.shippingMethod')}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {SHIPPING_METHODS.map((method) => (
              <label key={method} className="flex items-center justify-between gap-2 rounded-lg border border-line p-3 text-sm has-checked:border-primary">
                <span className="flex items-center gap-2">
                  <input type="radio" name="shippingMethod" value={method} defaultChecked={shipping === method} required />
                  {t(`checkout.shippingMethods.${method}`)}
                </span>
                <span className="fd-num text-muted">{formatMoney(i18n.language, SHIPPING_CENTS[method])}</span>
              </label>
            ))}
          </div>
          <ErrorList id="shippingMethod-error" errors={field('shippingMethod')} />
        </fieldset>
      </Form>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <StepButton step={0} label={t('checkout.back')} testId="checkout-back" />
        <Button type="submit" form="billing-form" data-testid="checkout-continue">
          {t('checkout.continue')}
        </Button>
      </div>
    </>
  )
}

function ReviewStep({ cart, pickers }: { cart: CartView; pickers: Pickers }) {
  const { t } = useTranslation()
  const { billing } = cart
  const payer =
    billing.chargeTo === 'driver'
      ? pickers.drivers.find((driver) => driver.id === billing.driverId)?.name
      : billing.chargeTo === 'truck'
        ? pickers.trucks.find((truck) => truck.id === billing.truckId)?.name
        : null
  return (
    <>
      <h2 className="mb-4 text-lg font-bold">{t('checkout.steps.review')}</h2>
      <LinesTable items={cart.items} />
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2" data-testid="checkout-review">
        <div>
          <dt className="font-semibold">{t('checkout.billTo')}</dt>
          <dd>
            {billing.chargeTo ? t(`checkout.chargeToShort.${billing.chargeTo}`) : null}
            {payer ? (
              <>
                {': '}
                <bdi>{payer}</bdi>
              </>
            ) : null}
          </dd>
          <dd className="mt-1">
            <bdi>{billing.name}</bdi>
          </dd>
          <dd className="whitespace-pre-line text-muted">
            <bdi>{billing.address}</bdi>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t('checkout.shippingMethod')}</dt>
          <dd>{cart.shipping.method ? t(`checkout.shippingMethods.${cart.shipping.method}`) : null}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <StepButton step={1} label={t('checkout.back')} testId="checkout-back" />
        <Form method="post">
          <input type="hidden" name="intent" value="place" />
          {/* What this review shows: the order is placed at exactly this, or refused with the new total. */}
          <input type="hidden" name="expectedTotalCents" value={cart.totalCents} />
          <input type="hidden" name="reviewKey" value={cart.reviewKey} />
          <Button type="submit" data-testid="checkout-place">
            {t('checkout.placeOrder')}
          </Button>
        </Form>
      </div>
    </>
  )
}
