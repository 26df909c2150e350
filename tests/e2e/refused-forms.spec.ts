/**
 * A refused form keeps every value typed, everywhere: each form below is filled field by
 * field with values its schema refuses somewhere, sent, and must come back with every value as it
 * was typed. Without JavaScript that is the server's answer (Conform's reply carries what was
 * sent); with it, the form is checked in the browser and nothing is lost either.
 */
import type { Locator, Page } from '@playwright/test'

import { expect, signedIn, test, whenHydrated } from './fixtures'

/** The pages with a form, signed in as the organization's admin. */
const FORMS = [
  '/dashboard/trucks/new',
  '/dashboard/trailers/new',
  '/dashboard/companies/new',
  '/dashboard/brokers/new',
  '/dashboard/customfields/new',
  '/dashboard/user/new',
  '/dashboard/user/profile',
  '/dashboard/loads/new',
  '/dashboard/calendar/new',
  '/dashboard/e-commerce/product/new',
  '/dashboard/webhooks/new',
  '/dashboard/organization',
  '/dashboard/factoring/agreement',
] as const

const FIELDS =
  'input:not([type=hidden]):not([type=password]):not([type=file]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=search]):not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled])'

/** A value for each kind of box; text that no schema takes whole (a state, a VIN, dollars, a phone). */
function valueFor(type: string, index: number) {
  switch (type) {
    case 'email':
      return `kept-${index}@example`
    case 'number':
      return String(-7 - index)
    case 'date':
      return '2026-12-24'
    case 'datetime-local':
      return '2026-12-24T10:30'
    case 'time':
      return '10:30'
    case 'url':
      return `https://kept-${index}.example.com/hook`
    default:
      return `Kept ${index} ✓`
  }
}

/** The page's main form: the one with the most boxes to type in. */
async function mainForm(page: Page): Promise<Locator> {
  const forms = page.locator('main form[method="post"], main form:not([method])')
  let best = forms.first()
  let most = -1
  for (const form of await forms.all()) {
    const count = await form.locator(FIELDS).count()
    if (count > most) [best, most] = [form, count]
  }
  return best
}

for (const path of FORMS) {
  test(`${path} keeps every value typed when it is refused`, async ({ page, request }) => {
    await signedIn(page, request)
    await page.goto(path)
    await whenHydrated(page)
    const form = await mainForm(page)
    const typed = new Map<string, string>()
    const boxes = await form.locator(FIELDS).all()
    for (const [index, box] of boxes.entries()) {
      if (!(await box.isVisible()) || !(await box.isEditable())) continue
      const name = await box.getAttribute('name')
      if (!name || typed.has(name)) continue
      await box.fill(valueFor((await box.getAttribute('type')) ?? 'text', index))
      // A box's maxlength keeps what the browser lets in: that is what was typed.
      typed.set(name, await box.inputValue())
    }
    expect(typed.size).toBeGreaterThan(0)
    // One box longer than its schema takes (its maxlength lifted, as a hostile client would): a form
    // whose other values all pass is refused too, by the server.
    const long = form.locator('input[maxlength][type="text"]:visible, textarea[maxlength]:visible').first()
    if (await long.count()) {
      const name = (await long.getAttribute('name'))!
      const value = 'K'.repeat(Number(await long.getAttribute('maxlength')) + 1)
      await long.evaluate((box: HTMLInputElement, text) => {
        box.removeAttribute('maxlength')
        box.value = text
      }, value)
      typed.set(name, value)
    }
    await form.locator('button[type="submit"]:not([name="__intent__"])').last().click()
    await expect(page.getByText('Some fields need your attention.').or(page.locator('[aria-invalid="true"]')).first()).toBeVisible()
    const again = await mainForm(page)
    for (const [name, value] of typed) await expect(again.locator(`[name="${name}"]`).first(), name).toHaveValue(value)
  })
}
