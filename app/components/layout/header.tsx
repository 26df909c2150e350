import { useTranslation } from '~/utils/use-translation'
import { Form, Link, useLocation } from 'react-router'
import { Icon } from '~/components/ui/icons'
import { LANGUAGES, languageInfo } from '~/i18n'
import { cn } from '~/utils/cn'

/** Small SVG flags: emoji flags need a colour emoji font that many machines lack. */
const FLAGS: Record<string, React.ReactNode> = {
  us: (
    <>
      <rect width="30" height="20" fill="#B22234" />
      {[1, 3, 5, 7, 9, 11].map((row) => (
        <rect key={row} y={(row * 20) / 13} width="30" height={20 / 13} fill="#fff" />
      ))}
      <rect width="13" height={(20 / 13) * 7} fill="#3C3B6E" />
    </>
  ),
  fr: (
    <>
      <rect width="10" height="20" fill="#0055A4" />
      <rect x="10" width="10" height="20" fill="#fff" />
      <rect x="20" width="10" height="20" fill="#EF4135" />
    </>
  ),
  vn: (
    <>
      <rect width="30" height="20" fill="#DA251D" />
      <path d="M15 4l1.76 5.41h5.69l-4.6 3.35 1.76 5.4L15 14.82l-4.61 3.34 1.76-5.4-4.6-3.35h5.69z" fill="#FFFF00" />
    </>
  ),
  cn: (
    <>
      <rect width="30" height="20" fill="#EE1C25" />
      <path d="M6 2.5l.94 2.9h3.05l-2.47 1.8.94 2.9L6 8.3 3.54 10.1l.94-2.9L2 5.4h3.06z" fill="#FFFF00" />
      <circle cx="12" cy="3" r="0.8" fill="#FFFF00" />
      <circle cx="14" cy="5.5" r="0.8" fill="#FFFF00" />
      <circle cx="14" cy="8.5" r="0.8" fill="#FFFF00" />
      <circle cx="12" cy="11" r="0.8" fill="#FFFF00" />
    </>
  ),
  sd: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="6.67" fill="#D21034" />
      <rect y="13.33" width="30" height="6.67" fill="#000" />
      <path d="M0 0l11 10L0 20z" fill="#007229" />
    </>
  ),
}

export function Flag({ code, className }: { code: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 30 20"
      className={cn('h-[18px] w-[27px] shrink-0 overflow-hidden rounded-[3px] shadow-sm', className)}
      data-flag={code}
    >
      {FLAGS[code]}
    </svg>
  )
}

const menuPanel = 'absolute end-0 top-full z-drawer mt-2 min-w-52 rounded-xl border border-line bg-surface p-1.5 shadow-xl'

export function LanguageMenu() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const current = languageInfo(i18n.language)
  return (
    <details className="relative" key={`${location.pathname}${location.search}`}>
      <summary
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full hover:bg-black/5 dark:hover:bg-white/10 [&::-webkit-details-marker]:hidden"
        aria-label={t('header.language')}
        data-testid="language-menu"
      >
        <Flag code={current.flag} />
      </summary>
      <Form
        method="post"
        action="/resources/language"
        className={menuPanel}
        // With JavaScript the page does not reload, so close the menu ourselves.
        onSubmit={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
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
            className={cn(
              'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm hover:bg-black/5 dark:hover:bg-white/10',
              language.code === current.code && 'bg-primary/10 font-semibold',
            )}
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
      <summary
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full bg-primary-lighter text-sm font-bold text-primary-darker [&::-webkit-details-marker]:hidden"
        data-testid="account-menu"
      >
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
      <div className={menuPanel}>
        <div className="border-b border-dashed border-line px-3 py-2.5">
          <p className="truncate text-sm font-semibold">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-xs text-muted">{user.email}</p>
          <p className="mt-1 text-xs text-muted">{t(`roles.${user.role}`)}</p>
        </div>
        <nav aria-label={t('header.account')} className="border-b border-dashed border-line py-1.5">
          <Link to="/dashboard/user/profile" className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-black/5 dark:hover:bg-white/10">
            <Icon name="user" size={18} />
            {t('nav.profile')}
          </Link>
          <Link to="/dashboard/user/account" className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-black/5 dark:hover:bg-white/10">
            <Icon name="settings" size={18} />
            {t('nav.account')}
          </Link>
        </nav>
        <Form method="post" action="/auth/logout" className="pt-1.5">
          <button type="submit" className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm font-semibold text-error hover:bg-error/10">
            <Icon name="logout" size={18} className="fd-flip-rtl" />
            {t('header.logout')}
          </button>
        </Form>
      </div>
    </details>
  )
}
