import { readCookies } from './cookies'
import { safeTimeZone } from './time'

/**
 * A signed-out visitor's time zone (public pages: tracking, payment), as their browser says it.
 * The browser writes it once JavaScript runs (entry.client.tsx); without it, a public page shows
 * the organization's zone. Either way the page says which zone its times are in.
 */
export const VISITOR_TIME_ZONE_COOKIE = 'visitorTimeZone'

/** The visitor's zone from the request's cookie, or null (absent, or not a zone Intl knows). */
export function visitorTimeZone(request: Request): string | null {
  const value = readCookies(request.headers.get('Cookie'))[VISITOR_TIME_ZONE_COOKIE]
  if (!value || value.length > 64) return null
  const zone = safeTimeZone(value)
  return zone === value ? zone : null
}

/** In the browser: remembers its zone for the next public page, when the cookie does not say it yet. */
export function rememberVisitorTimeZone() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!zone || readCookies(document.cookie)[VISITOR_TIME_ZONE_COOKIE] === zone) return
    const secure = window.location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = `${VISITOR_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
  } catch {
    // Cookies may be disabled: the page keeps the organization's zone and says so.
  }
}
