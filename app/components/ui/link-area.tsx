import { type ComponentPropsWithoutRef, createElement } from 'react'

import { useLinkDelegation } from '~/hooks/use-link-delegation'

/**
 * An element whose plain anchors all open pages of the app (a table, the navigation, breadcrumbs,
 * paging, tabs): one delegated handler follows a click on any of them in the app
 * (useLinkDelegation), and without JavaScript they are links. The clicks are the anchors' own (Enter
 * on a link clicks it too), so the element has no keyboard handler of its own. Never around a link
 * the browser must load: a PDF, a CSV, `/api/docs`.
 *
 *   <LinkArea as="nav" aria-label={…}>…</LinkArea>
 */
export function LinkArea<T extends 'nav' | 'div' | 'table'>({ as, ...props }: { as: T } & ComponentPropsWithoutRef<T>) {
  const followLink = useLinkDelegation()
  return createElement(as, { ...props, onClick: followLink })
}
