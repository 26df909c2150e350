import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe with the rules every spec checks (WCAG 2.1 A and AA, best practices). Only violations are
 * collected: axe otherwise records every passing element too, which on a long page (the API
 * reference has thousands) costs more than the checks themselves.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).options({ resultTypes: ['violations'] })
}
