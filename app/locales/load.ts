import type { LanguageCode } from '~/i18n'

/** Loads one language's catalogue on the client; Vite makes each a separate chunk. */
export async function loadCatalogue(language: LanguageCode) {
  switch (language) {
    case 'fr':
      return (await import('./fr')).default
    case 'vi':
      return (await import('./vi')).default
    case 'cn':
      return (await import('./cn')).default
    case 'ar':
      return (await import('./ar')).default
    default:
      return (await import('./en')).default
  }
}
