import { href, useFetchers, useRouteLoaderData } from 'react-router'

import type { loader as rootLoader } from '~/root'
import { defaultSettings, isDefaultSettings, SETTING_NAMES, type SettingName, type Settings, withSetting } from '~/utils/settings'

export const SETTINGS_ACTION = href('/resources/settings')

/**
 * The settings the page should show: the server's (from cookies), with any change still being
 * posted applied on top, so a choice shows at once (optimistic UI).
 */
export function useSettings() {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  const fetchers = useFetchers()
  const languageDir = data?.languageDir ?? 'ltr'
  let settings: Settings = data?.settings ?? defaultSettings(languageDir)
  for (const fetcher of fetchers) {
    if (!fetcher.formData || !fetcher.formAction?.startsWith(SETTINGS_ACTION)) continue
    const intent = fetcher.formData.get('intent')
    if (intent === 'reset') settings = defaultSettings(languageDir)
    const setting = String(fetcher.formData.get('setting') ?? '') as SettingName
    if (intent === 'set' && SETTING_NAMES.includes(setting)) {
      settings = withSetting(settings, setting, String(fetcher.formData.get('value') ?? ''))
    }
  }
  return { settings, isDefault: isDefaultSettings(settings, languageDir), languageDir }
}
