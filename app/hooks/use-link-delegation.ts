import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

/**
 * A table of 50 rows has 100–150 links, and the navigation on every dashboard page 15 or more. As
 * `<Link>`s each resolves its path and sets up its hooks on every render (a fifth of a list page's
 * server time, ADR 021); as plain anchors with one handler on the table or the navigation, a
 * click is still a client-side navigation: same origin, left button, no modifier, no target or
 * download (the browser's own handling otherwise, and without JavaScript). A link to the page
 * itself with other parameters (a sort, a page) keeps the scroll.
 *
 * Only on an element whose anchors all open pages of the app (a table, the navigation, the
 * breadcrumbs, paging, tabs), which `LinkArea` (components/ui/link-area.tsx) renders: a link to
 * a resource route (a PDF, a CSV) or to a page outside the app's client routes (`/api/docs`) must
 * be loaded by the browser, and a handler around it would fetch it as page data instead (ADR 044).
 */
export function useLinkDelegation() {
  const navigate = useNavigate()
  return (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    const anchor = (event.target as Element).closest('a')
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return
    event.preventDefault()
    // Another sort or page of the same list keeps the scroll, as `<Link preventScrollReset>` did.
    void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, { preventScrollReset: anchor.pathname === window.location.pathname })
  }
}
