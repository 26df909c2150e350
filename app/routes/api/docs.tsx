import { data, href } from 'react-router'

import { SCHEMAS_PAGE } from '~/api-docs/pages'
import { apiReference } from '~/api-docs/reference.server'
import { type English, FieldTable, Rich } from '~/components/api-docs/reference-fields'
import { Contents, contentsOf, OperationCard } from '~/components/api-docs/reference-operations'
import { LanguageMenu } from '~/components/layout/header'
import { Logo } from '~/components/layout/nav-vertical'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { env } from '~/utils/env.server'

import type { Route } from './+types/docs'

/**
 * GET /api/docs and /api/docs/{resource}: the API reference, rendered on the server from the
 * OpenAPI document (ADR 023), one page per resource (ADR 097: the whole reference in one page was
 * 1.1 MB and took seconds to render). `/api/docs` is the overview (base URL, authentication,
 * errors, lists, versions) with the contents of every page; `/api/docs/schemas` the shared
 * schemas. Public like the document; the pages need no JavaScript and get none (`hydrate: false`),
 * so every link to them is a full page load (the request edge refuses `/api/*.data`).
 */
export const handle = { i18n: ['apidocs'], hydrate: false }

export function loader({ request, params }: Route.LoaderArgs) {
  const base = env().APP_URL ?? new URL(request.url).origin
  const reference = apiReference()
  const section = (params as { section?: string }).section ?? null
  const tag = section && section !== SCHEMAS_PAGE ? reference.tags.find((candidate) => candidate.slug === section) : undefined
  if (section && section !== SCHEMAS_PAGE && !tag) throw data(null, { status: 404 })
  return {
    section,
    contents: contentsOf(reference),
    errorCodes: section ? [] : reference.errorCodes,
    tag: tag ?? null,
    schemas: section === SCHEMAS_PAGE ? reference.schemas : [],
    baseUrl: base.replace(/\/+$/, ''),
  }
}

const ERROR_EXAMPLE = `{
  "error": {
    "code": "validation_failed",
    "message": "…",
    "fields": { "unitNumber": ["…"] }
  }
}`

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { section, contents, tag, schemas, errorCodes, baseUrl } = loaderData
  // The document is written in English: say so to screen readers, and keep its sentences left-to-right in Arabic.
  const english: English | undefined = i18n.language === 'en' ? undefined : { lang: 'en', dir: 'auto' }
  const login = contents.flatMap((entry) => entry.operations).find((operation) => operation.path === '/api/account/login')
  const example = [
    `curl -X POST ${baseUrl}/api/account/login \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"email":"you@example.com","password":"…"}'`,
    '',
    `curl ${baseUrl}/api/trucks \\`,
    `  -H 'Authorization: Bearer <token>'`,
  ].join('\n')

  return (
    <div className="min-h-dvh">
      <title>{`${tag ? `${tag.name} · ` : section ? `${t('apidocs.schemas.title')} · ` : ''}${t('apidocs.title')} | Freightdesk`}</title>
      <header className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-8">
        <Logo />
        <LanguageMenu />
      </header>
      <div className="mx-auto max-w-7xl px-4 pb-28 sm:px-8 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label={t('apidocs.contents')} className="hidden lg:block" data-testid="api-docs-contents">
          <div className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto pe-2 pb-8">
            <Contents contents={contents} current={section} />
          </div>
        </nav>
        <main className="min-w-0">
          <div className="pt-4 pb-8">
            <h1 className="text-3xl font-bold">{t('apidocs.title')}</h1>
            <p className="mt-2 max-w-3xl text-muted">{t('apidocs.lead')}</p>
            <p className="mt-1 max-w-3xl text-sm text-muted">{t('apidocs.englishNote')}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <a href={href('/api/openapi.json')} download="openapi.json" className={buttonClass('primary', 'md')}>
                <Icon name="download" size={18} />
                {t('apidocs.download')}
              </a>
              <a href={href('/dashboard/app')} className={buttonClass('secondary', 'md')}>
                {t('apidocs.openApp')}
              </a>
            </div>
          </div>

          <details className="mb-8 rounded-card border border-line bg-surface lg:hidden">
            <summary className="cursor-pointer px-4 py-3 font-semibold">{t('apidocs.contents')}</summary>
            <nav aria-label={t('apidocs.contents')} className="px-2 pb-4">
              <Contents contents={contents} current={section} />
            </nav>
          </details>

          <div className="space-y-10">
            {section === null ? (
              <>
                <section id="base-url" className="fd-doc-section">
                  <h2 className="fd-doc-h2">{t('apidocs.baseUrl.title')}</h2>
                  <pre dir="ltr" className="fd-doc-pre">
                    {baseUrl}
                  </pre>
                  <p className="mt-3">
                    <Rich text={t('apidocs.baseUrl.text')} />
                  </p>
                </section>

                <section id="authentication" className="fd-doc-section">
                  <h2 className="fd-doc-h2">{t('apidocs.auth.title')}</h2>
                  <p>
                    <Rich text={t('apidocs.auth.text')} />
                  </p>
                  <p className="mt-3">
                    <Rich text={t('apidocs.auth.roles')} />
                  </p>
                  <p className="mt-4 text-sm font-semibold">{t('apidocs.auth.example')}</p>
                  <pre dir="ltr" className="fd-doc-pre mt-2">
                    {example}
                  </pre>
                  {login ? (
                    <p className="mt-3 text-sm">
                      <a href={login.href} className="text-primary-dark underline underline-offset-2 dark:text-primary-light">
                        <code dir="ltr" className="fd-doc-code">
                          {login.method} {login.path}
                        </code>
                      </a>
                    </p>
                  ) : null}
                </section>

                <section id="errors" className="fd-doc-section">
                  <h2 className="fd-doc-h2">{t('apidocs.errors.title')}</h2>
                  <p>
                    <Rich text={t('apidocs.errors.text')} />
                  </p>
                  <pre dir="ltr" className="fd-doc-pre mt-3">
                    {ERROR_EXAMPLE}
                  </pre>
                  <table className="fd-doc-table mt-4">
                    <thead>
                      <tr>
                        <th scope="col">{t('apidocs.errors.status')}</th>
                        <th scope="col">{t('apidocs.errors.code')}</th>
                        <th scope="col">{t('apidocs.errors.meaning')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {errorCodes.map(({ code, status }) => (
                        <tr key={code}>
                          <td className="font-mono">{status}</td>
                          <td>
                            <code dir="ltr" className="fd-doc-code font-semibold">
                              {code}
                            </code>
                          </td>
                          <td>
                            <Rich text={t(`apidocs.errors.codes.${code}`)} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>

                <section id="lists" className="fd-doc-section">
                  <h2 className="fd-doc-h2">{t('apidocs.lists.title')}</h2>
                  <p>
                    <Rich text={t('apidocs.lists.text')} />
                  </p>
                </section>

                <section id="versions" className="fd-doc-section">
                  <h2 className="fd-doc-h2">{t('apidocs.versions.title')}</h2>
                  <p>
                    <Rich text={t('apidocs.versions.text')} />
                  </p>
                </section>
              </>
            ) : null}

            {tag ? (
              <section id={tag.anchor} className="scroll-mt-4 space-y-4">
                <h2 lang="en" className="fd-doc-h2 first-letter:uppercase">
                  {tag.name}
                </h2>
                {tag.description ? (
                  <p lang="en" className="max-w-prose">
                    {tag.description}
                  </p>
                ) : null}
                {tag.operations.map((operation) => (
                  <OperationCard key={operation.anchor} operation={operation} english={english} />
                ))}
              </section>
            ) : null}

            {section === SCHEMAS_PAGE ? (
              <section id="schemas" className="fd-doc-section space-y-4">
                <h2 className="fd-doc-h2">{t('apidocs.schemas.title')}</h2>
                {schemas.map((schema) => (
                  <Card key={schema.anchor} id={schema.anchor} className="scroll-mt-4 p-4 sm:p-6">
                    <h3 className="font-mono text-base font-bold">{schema.name}</h3>
                    <FieldTable rows={schema.rows} english={english} />
                  </Card>
                ))}
              </section>
            ) : null}
          </div>
        </main>
      </div>
    </div>
  )
}
