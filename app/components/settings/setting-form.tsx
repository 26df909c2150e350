import type { ReactNode } from 'react'
import { Form, useFetcher, useLocation } from 'react-router'
import { withParams } from '~/utils/with-params'
import type { SettingName } from '~/utils/settings'
import { useHydrated } from '~/utils/use-hydrated'
import { SETTINGS_ACTION } from './use-settings'

/** A form that changes one setting: a fetcher with JavaScript, a plain post-and-return without. */
export function SettingForm({
  setting,
  intent = 'set',
  keepDrawer = true,
  children,
  className,
}: {
  setting?: SettingName
  intent?: 'set' | 'reset'
  keepDrawer?: boolean
  children: ReactNode
  className?: string
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const fetcher = useFetcher({ key: `settings-${setting ?? intent}` })
  // Without JavaScript the page comes back (with the drawer still open when it was).
  const redirectTo = `${location.pathname}${keepDrawer ? withParams(location.search, { settings: 'open' }) : location.search}`
  const fields = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {setting ? <input type="hidden" name="setting" value={setting} /> : null}
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : <input type="hidden" name="redirectTo" value={redirectTo} />}
      {children}
    </>
  )
  if (hydrated) {
    return (
      <fetcher.Form method="post" action={SETTINGS_ACTION} className={className} data-setting={setting ?? intent}>
        {fields}
      </fetcher.Form>
    )
  }
  return (
    <Form method="post" action={SETTINGS_ACTION} className={className} data-setting={setting ?? intent} reloadDocument>
      {fields}
    </Form>
  )
}
