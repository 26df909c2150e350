import type { Page } from '@playwright/test'

import { axe } from './axe'
import { js, test } from './fixtures'

type Violations = Awaited<ReturnType<ReturnType<typeof axe>['analyze']>>['violations']

/**
 * A page is looked at first in light, left to right, in English: every rule. A second look (dark,
 * right to left, another language) repeats the first one's markup in other colours, direction and
 * language, so it runs the rules those can break, not the structural ones again.
 */
export type Look = 'first' | 'second'
export const SECOND_LOOK_RULES = ['color-contrast', 'html-has-lang', 'html-lang-valid', 'valid-lang', 'link-in-text-block']

/** axe for a look; without JavaScript, contrast is left to the JavaScript project (same stylesheet, same colours). */
function builderFor(page: Page, look: Look) {
  const builder = look === 'second' ? axe(page).withRules(SECOND_LOOK_RULES) : axe(page)
  return js(test.info()) ? builder : builder.disableRules(['color-contrast'])
}

/**
 * axe's violations on the page as the browser shows it. axe runs script in the page, so without
 * JavaScript it checks the page the server sent (scripts removed, `noscript` shown) loaded in a
 * second page that runs none of the app's scripts (as tests/e2e/accessibility.spec.ts does).
 */
export async function pageViolations(page: Page, look: Look = 'first'): Promise<Violations> {
  // Without JavaScript the second look would run its rules but contrast (left to the JavaScript
  // project) on the markup the JavaScript project's second look checks already: the language and
  // direction attributes come from the server either way, and the tests assert them.
  if (!js(test.info()) && look === 'second') return []
  if (js(test.info())) {
    // Quiet network: a lazy chunk (a chart, a dialog) is in place before axe looks.
    await page.waitForLoadState('networkidle')
    return (await builderFor(page, look).analyze()).violations
  }
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<(\/?)noscript\b[^>]*>/gi, '<$1div>')
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
  try {
    const copy = await context.newPage()
    await copy.route('**/*', (route) =>
      route.request().resourceType() === 'script'
        ? route.abort()
        : route.request().isNavigationRequest()
          ? route.fulfill({ contentType: 'text/html', body: html })
          : route.continue(),
    )
    await copy.goto(page.url())
    return (await builderFor(copy, look).analyze()).violations
  } finally {
    await context.close()
  }
}

/** The serious and critical violations, each with where and why, for a readable failure. */
export async function seriousViolations(page: Page, look: Look = 'first') {
  return (await pageViolations(page, look))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.help} ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' | ')}`,
    )
}
