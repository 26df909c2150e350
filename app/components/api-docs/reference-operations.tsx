/**
 * The API reference's endpoints (app/routes/api/docs.tsx): one card per operation, and the
 * contents listing the overview, the endpoints by tag and the schemas.
 */
import { DOCS_PATH, docsPage, SCHEMAS_PAGE } from '~/api-docs/pages'
import type { ApiReference, OperationView } from '~/api-docs/reference.server'
import { BodyView, type English, FieldTable, Rich } from '~/components/api-docs/reference-fields'
import type { Tone } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'

const METHOD_TONE: Record<string, Tone> = { GET: 'info', POST: 'success', PUT: 'warning', PATCH: 'primary', DELETE: 'error' }
/** The same colours as text, for the contents (written out: Tailwind finds class names by reading them). */
const METHOD_TEXT: Record<string, string> = {
  GET: 'text-info-darker dark:text-info-light',
  POST: 'text-success-darker dark:text-success-light',
  PUT: 'text-warning-darker dark:text-warning-light',
  PATCH: 'text-primary-darker dark:text-primary-light',
  DELETE: 'text-error-darker dark:text-error-light',
}
const OVERVIEW = [
  ['base-url', 'apidocs.baseUrl.title'],
  ['authentication', 'apidocs.auth.title'],
  ['errors', 'apidocs.errors.title'],
  ['lists', 'apidocs.lists.title'],
  ['versions', 'apidocs.versions.title'],
] as const
function Method({ method }: { method: string }) {
  return <span className={`fd-badge fd-tone-${METHOD_TONE[method] ?? 'default'} font-mono`}>{method}</span>
}

function statusTone(status: string): Tone {
  if (status.startsWith('2')) return 'success'
  if (status.startsWith('5')) return 'error'
  return 'warning'
}

export function OperationCard({ operation, english }: { operation: OperationView; english?: English }) {
  const { t } = useTranslation()
  return (
    <Card id={operation.anchor} className="scroll-mt-4 p-4 sm:p-6">
      <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base font-bold">
        <Method method={operation.method} />{' '}
        <code dir="ltr" className="font-mono text-[0.95rem] [overflow-wrap:anywhere]">
          {operation.path}
        </code>
      </h3>
      <p {...english} className="mt-2">
        {operation.summary}
      </p>
      {operation.description ? (
        <p {...english} className="mt-1 text-sm text-muted">
          <Rich text={operation.description} />
        </p>
      ) : null}
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted">
        <Icon name={operation.authenticated ? 'lock' : 'info'} size={14} />
        {operation.authenticated ? t('apidocs.operation.token') : t('apidocs.operation.public')}
      </p>

      {operation.parameters.length ? (
        <>
          <h4 className="fd-doc-h4">{t('apidocs.operation.parameters')}</h4>
          <FieldTable rows={operation.parameters} withIn english={english} />
        </>
      ) : null}

      {operation.requestBody ? (
        <>
          <h4 className="fd-doc-h4">{t('apidocs.operation.requestBody')}</h4>
          <BodyView body={operation.requestBody} english={english} />
        </>
      ) : null}

      <h4 className="fd-doc-h4">{t('apidocs.operation.responses')}</h4>
      <ul className="mt-2 space-y-3">
        {operation.responses.map((response) => (
          <li key={response.status}>
            <div className="fd-doc-response">
              <span className={`fd-badge fd-tone-${statusTone(response.status)}`}>{response.status}</span>
              <span {...english}>
                <Rich text={response.description} />
              </span>
            </div>
            {response.body && (response.body.rows.length || response.body.sameAs || response.body.type) ? (
              <div className="sm:ms-14">
                <BodyView body={response.body} english={english} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** What the contents list: every tag's page and its endpoints (method, path, link), light enough for every page of the reference. */
export type ContentsView = Array<{ name: string; slug: string; href: string; operations: Array<{ method: string; path: string; href: string }> }>

export function contentsOf(reference: ApiReference): ContentsView {
  return reference.tags.map((tag) => ({
    name: tag.name,
    slug: tag.slug,
    href: tag.href,
    operations: tag.operations.map(({ method, path, href }) => ({ method, path, href })),
  }))
}

/**
 * The reference's contents: the overview's sections, every resource's page, and the schemas.
 * `current` is the page shown (a tag's slug, `schemas`, or null for the overview): its entry is
 * marked, and on a resource's page its endpoints are listed under it.
 */
export function Contents({ contents, current }: { contents: ContentsView; current: string | null }) {
  const { t } = useTranslation()
  const link = 'fd-doc-toc-link'
  return (
    <ol className="space-y-4 text-sm">
      <li>
        <p className="fd-doc-label">{t('apidocs.overview')}</p>
        <ul>
          {OVERVIEW.map(([anchor, key]) => (
            <li key={anchor}>
              <a href={`${DOCS_PATH}#${anchor}`} className={link}>
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </li>
      <li>
        <p className="fd-doc-label">{t('apidocs.endpoints')}</p>
        <ul className="space-y-2">
          {contents.map((tag) => (
            <li key={tag.slug}>
              <a
                href={tag.href}
                lang="en"
                aria-current={tag.slug === current ? 'page' : undefined}
                className={`${link} font-semibold first-letter:uppercase aria-[current=page]:text-primary-dark dark:aria-[current=page]:text-primary-light`}
              >
                {tag.name}
              </a>
              {tag.slug === current ? (
                <ul>
                  {tag.operations.map((operation) => (
                    <li key={operation.href}>
                      <a href={operation.href} className={`${link} flex items-baseline gap-2 ps-4`}>
                        <span className={`w-12 shrink-0 font-mono text-[11px] font-bold ${METHOD_TEXT[operation.method] ?? ''}`}>{operation.method}</span>{' '}
                        <code dir="ltr" className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
                          {operation.path}
                        </code>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </li>
      <li>
        <a href={docsPage(SCHEMAS_PAGE)} aria-current={current === SCHEMAS_PAGE ? 'page' : undefined} className={`${link} font-semibold`}>
          {t('apidocs.schemas.title')}
        </a>
      </li>
    </ol>
  )
}
