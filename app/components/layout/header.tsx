import { Form, href, useLocation } from 'react-router'

import type { FlagCode } from '~/components/ui/flag-drawings'
import { Icon } from '~/components/ui/icons'
import { LinkArea } from '~/components/ui/link-area'
import { useTranslation } from '~/hooks/use-translation'
import { languageCookie, languageInfo, LANGUAGES, normalizeLanguage } from '~/i18n'
import { cn } from '~/utils/cn'
import { settingCookie } from '~/utils/settings'

/** A language's flag (app/components/ui/flag-drawings.ts), drawn by the stylesheet: an empty span reads as nothing. */
export function Flag({ code, className }: { code: FlagCode; className?: string }) {
  return <span className={cn('fd-flag', `fd-flag-${code}`, className)} />
}

export function LanguageMenu() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const current = languageInfo(i18n.language)
  return (
    <details className="relative" key={`${location.pathname}${location.search}`}>
      <summary className="fd-round" aria-label={t('header.language')} data-testid="language-menu">
        <Flag code={current.flag} />
      </summary>
      <Form
        method="post"
        action={href('/resources/language')}
        className="fd-menu"
        // With JavaScript the page does not reload, so close the menu ourselves; and keep the choice
        // in the browser's cookies at once, so a reload before the answer does not lose it.
        onSubmit={(event) => {
          event.currentTarget.closest('details')?.removeAttribute('open')
          const language = normalizeLanguage((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') ?? '')
          if (!language) return
          const secure = window.location.protocol === 'https:'
          document.cookie = languageCookie(language, secure)
          document.cookie = settingCookie('themeDirection', languageInfo(language).dir, secure)
        }}
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {LANGUAGES.map((language) => (
          <button
            key={language.code}
            type="submit"
            name="lng"
            value={language.code}
            lang={language.lang}
            aria-current={language.code === current.code ? 'true' : undefined}
            className={cn('fd-menu-item', language.code === current.code && 'bg-primary/10 font-semibold')}
          >
            <Flag code={language.flag} />
            {language.label}
          </button>
        ))}
      </Form>
    </details>
  )
}

export function AccountMenu({ user }: { user: { firstName: string; lastName: string; email: string; role: string; avatarUrl?: string | null } }) {
  const { t } = useTranslation()
  const location = useLocation()
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()
  return (
    <details className="relative" key={location.pathname}>
      <summary className="fd-round bg-primary-lighter text-sm font-bold text-primary-darker" data-testid="account-menu">
        {/* The visible initials start the accessible name, so voice control finds the button by them. */}
        {user.avatarUrl ? (
          <>
            <img src={user.avatarUrl} alt="" className="size-10 rounded-full object-cover" />
            <span className="sr-only">{initials}</span>
          </>
        ) : (
          initials
        )}
        <span className="sr-only"> {t('header.account')}</span>
      </summary>
      <div className="fd-menu">
        <div className="border-b border-dashed border-line px-3 py-2.5">
          <p className="truncate text-sm font-semibold">{`${user.firstName} ${user.lastName}`}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
          <p className="mt-1 text-xs text-muted">{t(`roles.${user.role}`)}</p>
        </div>
        {/* Plain anchors, followed in the app by one delegated handler (useLinkDelegation). */}
        <LinkArea as="nav" aria-label={t('header.account')} className="border-b border-dashed border-line py-1.5">
          <a href={href('/dashboard/user/profile')} className="fd-menu-item">
            <Icon name="user" size={18} />
            {t('nav.profile')}
          </a>
          <a href={href('/dashboard/user/account')} className="fd-menu-item">
            <Icon name="settings" size={18} />
            {t('nav.account')}
          </a>
        </LinkArea>
        <Form method="post" action={href('/auth/logout')} className="pt-1.5">
          <button type="submit" className="fd-menu-item font-semibold text-error hover:bg-error/10">
            <Icon name="logout" size={18} className="fd-flip-rtl" />
            {t('header.logout')}
          </button>
        </Form>
      </div>
    </details>
  )
}
