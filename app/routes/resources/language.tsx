import { redirect } from 'react-router'
import { languageInfo, LANGUAGE_COOKIE, normalizeLanguage } from '~/i18n'
import { safeRedirect } from '~/utils/session.server'
import type { Route } from './+types/language'

const ONE_YEAR = 60 * 60 * 24 * 365
const THREE_DAYS = 60 * 60 * 24 * 3

/** The language menu posts here; works without JavaScript. Arabic also turns the direction rtl. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const language = normalizeLanguage(String(form.get('lng') ?? ''))
  const to = safeRedirect(form.get('redirectTo'), '/dashboard/app')
  if (!language) return redirect(to)
  const headers = new Headers()
  headers.append('Set-Cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`)
  headers.append('Set-Cookie', `themeDirection=${languageInfo(language).dir}; Path=/; Max-Age=${THREE_DAYS}; SameSite=Lax`)
  return redirect(to, { headers })
}

export function loader() {
  return redirect('/dashboard/app')
}
