import { data, href, redirect } from 'react-router'
import { z } from 'zod'

import { safeRedirect } from '~/requests/session.server'
import { text } from '~/schemas/text'
import { env } from '~/utils/env.server'
import { deleteSettingCookie, SETTING_NAMES, settingCookie, type SettingName, settingValue } from '~/utils/settings'

import type { Route } from './+types/settings'

/** One change posted by the drawer: a known setting and one of its values, or a reset. */
const SettingChangeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('reset') }),
  z.object({
    intent: z.literal('set'),
    setting: z.enum(SETTING_NAMES as [SettingName, ...SettingName[]]),
    value: text().max(20),
  }),
])

/**
 * The settings drawer posts here. Each change sets one cookie (3 days, path /); reset deletes all
 * six. Without JavaScript the answer is a redirect back to the page; the enhanced drawer (a
 * fetcher, marked `enhanced`) gets a small JSON answer and applies the change optimistically.
 * Forged settings or values are ignored, never an error.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const parsed = SettingChangeSchema.safeParse(Object.fromEntries(form))
  const { HTTPS } = env()
  const headers = new Headers()
  if (parsed.success && parsed.data.intent === 'reset') {
    for (const name of SETTING_NAMES) headers.append('Set-Cookie', deleteSettingCookie(name, HTTPS))
  } else if (parsed.success && parsed.data.intent === 'set') {
    const value = settingValue(parsed.data.setting, parsed.data.value)
    if (value) headers.append('Set-Cookie', settingCookie(parsed.data.setting, value, HTTPS))
  }
  if (form.get('enhanced') === '1') return data({ ok: parsed.success }, { headers })
  return redirect(safeRedirect(form.get('redirectTo'), href('/dashboard/app')), { headers })
}

export function loader() {
  return redirect(href('/dashboard/app'))
}
