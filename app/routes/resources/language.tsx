import { href, redirect } from 'react-router'

import { languageCookie, languageInfo, normalizeLanguage } from '~/i18n'
import { safeRedirect } from '~/requests/session.server'
import { env } from '~/utils/env.server'
import { settingCookie } from '~/utils/settings'

import type { Route } from './+types/language'

/** The language menu posts here; works without JavaScript. Arabic also turns the direction rtl. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const language = normalizeLanguage(String(form.get('lng') ?? ''))
  const to = safeRedirect(form.get('redirectTo'), href('/dashboard/app'))
  if (!language) return redirect(to)
  const { HTTPS } = env()
  const headers = new Headers()
  headers.append('Set-Cookie', languageCookie(language, HTTPS))
  headers.append('Set-Cookie', settingCookie('themeDirection', languageInfo(language).dir, HTTPS))
  return redirect(to, { headers })
}

export function loader() {
  return redirect(href('/dashboard/app'))
}
