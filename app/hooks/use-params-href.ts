import { useLocation } from 'react-router'

import { withParams } from '~/utils/with-params'

/**
 * This page's path with some query params replaced (`withParams`), for a plain anchor: a sort,
 * a page, a tab, the settings drawer.
 */
export function useParamsHref() {
  const { pathname, search } = useLocation()
  return (changes: Parameters<typeof withParams>[1]) => `${pathname}${withParams(search, changes)}`
}
