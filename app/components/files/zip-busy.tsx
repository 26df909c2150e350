import type { i18n } from 'i18next'

import { noticeDocument } from '~/components/maintenance-document'

/**
 * The page a browser gets when its "Download as ZIP" is refused for now (429: this person or this
 * server has ZIPs enough streaming, app/models/files/file-zip.server.ts): the form posts natively, so
 * this answer replaces the page; it says when to try again and leads back to the list.
 */
export function zipBusyDocument(i18n: i18n, cookieHeader: string | null, seconds: number, back: string) {
  const t = i18n.t.bind(i18n)
  return noticeDocument(
    i18n,
    cookieHeader,
    <div className="mx-auto max-w-xl py-10 text-center" data-testid="zip-busy">
      <title>{`${t('files.zipBusy.title')} | Freightdesk`}</title>
      <h1 className="text-2xl font-extrabold text-ink sm:text-3xl">{t('files.zipBusy.title')}</h1>
      <p className="mt-4 text-lg text-muted">{t('files.errors.zipBusy', { seconds })}</p>
      <a href={back} className="mt-8 inline-block font-semibold text-primary-dark underline-offset-4 hover:underline dark:text-primary-light">
        {t('files.zipBusy.back')}
      </a>
    </div>,
  )
}
