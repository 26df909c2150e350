import type { ReactNode } from 'react'
import { Form, useFetcher, useLocation } from 'react-router'

import { useHydrated } from '~/hooks/use-hydrated'
import { deleteSettingCookie, SETTING_NAMES, settingCookie, type SettingName, settingValue } from '~/utils/settings'
import { withParams } from '~/utils/with-params'

import { SETTINGS_ACTION } from './use-settings'

/**
 * With JavaScript the choice is written to its cookie in the browser as it is posted, so it is kept
 * at once: a reload before the post's answer (which sets the same cookie) still shows it.
 */
function rememberChoice(intent: 'set' | 'reset', setting: SettingName | undefined, value: string | undefined) {
  const secure = window.location.protocol === 'https:'
  if (intent === 'reset') {
    for (const name of SETTING_NAMES) document.cookie = deleteSettingCookie(name, secure)
  } else if (setting && value !== undefined && settingValue(setting, value)) {
    document.cookie = settingCookie(setting, value, secure)
  }
}

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
      <fetcher.Form
        method="post"
        action={SETTINGS_ACTION}
        className={className}
        data-setting={setting ?? intent}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter
          rememberChoice(intent, setting, submitter instanceof HTMLButtonElement && submitter.name === 'value' ? submitter.value : undefined)
        }}
      >
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
