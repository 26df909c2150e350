import { type CSSProperties, Fragment, type ReactNode } from 'react'
import { href } from 'react-router'

import {
  type ApiReference,
  apiReference,
  type Body,
  type FieldRow,
  type OperationView,
  type ParameterRow,
  type Place,
  type Rule,
  type TypeView,
} from '~/api-docs/reference.server'
import { LanguageMenu } from '~/components/layout/header'
import { Logo } from '~/components/layout/nav-vertical'
import type { Tone } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { env } from '~/utils/env.server'

import type { Route } from './+types/docs'

/**
 * GET /api/docs: the API reference, rendered on the server from the OpenAPI document (ADR 023).
 * Public like the document; the page needs no JavaScript and gets none (`hydrate: false`), so
 * every link to it is a full page load (the request edge refuses `/api/*.data`).
 */
export const handle = { i18n: ['apidocs'], hydrate: false }

export function loader({ request }: Route.LoaderArgs) {
  const base = env().APP_URL ?? new URL(request.url).origin
  return { reference: apiReference(), baseUrl: base.replace(/\/+$/, '') }
}

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
const ERROR_EXAMPLE = `{
  "error": {
    "code": "validation_failed",
    "message": "…",
    "fields": { "unitNumber": ["…"] }
  }
}`
/** Attributes of the document's English text on a page in another language. */
type English = { lang: 'en'; dir: 'auto' }
/** Stands for a React node inside a translated sentence (`array of {{type}}`), whatever the word order. */
const SLOT = '\uE000'

/** Text with `code` spans, as the OpenAPI descriptions and our own intro write them. */
function Rich({ text }: { text: string }) {
  return text.split('`').map((part, index) =>
    index % 2 ? (
      <code key={index} dir="ltr" className="fd-doc-code">
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  )
}

/** A translated sentence with one React node in the place of its `{{…}}` slot. */
function Slotted({ text, node }: { text: string; node: ReactNode }) {
  const [before, after = ''] = text.split(SLOT)
  return (
    <>
      {before}
      {node}
      {after}
    </>
  )
}

function Method({ method }: { method: string }) {
  return <span className={`fd-badge fd-tone-${METHOD_TONE[method] ?? 'default'} font-mono`}>{method}</span>
}

function TypeText({ type }: { type: TypeView }) {
  const { t } = useTranslation()
  switch (type.kind) {
    case 'primitive':
      return (
        <>
          <code className="fd-doc-code">{type.name}</code>
          {type.format ? <span className="text-muted"> ({type.format})</span> : null}
        </>
      )
    case 'enum':
      return (
        <>
          {t('apidocs.types.oneOf')}{' '}
          {type.values.map((value, index) => (
            <Fragment key={index}>
              {index ? ' ' : null}
              <code dir="ltr" className="fd-doc-code">
                {typeof value === 'string' ? value : JSON.stringify(value)}
              </code>
            </Fragment>
          ))}
        </>
      )
    case 'const':
      return (
        <code dir="ltr" className="fd-doc-code">
          {JSON.stringify(type.value)}
        </code>
      )
    case 'array':
      return <Slotted text={t('apidocs.types.arrayOf', { type: SLOT })} node={<TypeText type={type.items} />} />
    case 'map':
      return <Slotted text={t('apidocs.types.mapOf', { type: SLOT })} node={<TypeText type={type.values} />} />
    case 'union':
      return type.options.map((option, index) => (
        <Fragment key={index}>
          {index ? ` ${t('apidocs.types.or')} ` : null}
          <TypeText type={option} />
        </Fragment>
      ))
    case 'ref':
      return (
        <a href={`#${type.anchor}`} className="text-primary-dark underline-offset-2 hover:underline dark:text-primary-light">
          <code className="fd-doc-code">{type.name}</code>
        </a>
      )
    case 'any':
      return <>{t('apidocs.types.any')}</>
  }
}

function RuleText({ rule }: { rule: Rule }) {
  const { t, i18n } = useTranslation()
  switch (rule.name) {
    case 'readOnly':
      return <>{t('apidocs.rules.readOnly')}</>
    case 'pattern':
    case 'default':
      return (
        <Slotted
          text={t(`apidocs.rules.${rule.name}`, { value: SLOT })}
          node={
            <code dir="ltr" className={rule.name === 'pattern' ? 'fd-doc-code inline-block max-w-full break-all' : 'fd-doc-code'}>
              {rule.value}
            </code>
          }
        />
      )
    default: {
      // 5,000,000 reads better grouped; a year (1980) does not.
      const value = new Intl.NumberFormat(languageInfo(i18n.language).intl, { useGrouping: Math.abs(rule.value) >= 10_000 }).format(rule.value)
      return <>{t(`apidocs.rules.${rule.name}`, { value })}</>
    }
  }
}

function SameAs({ place }: { place: Place }) {
  const { t } = useTranslation()
  const text =
    place.part === 'request'
      ? t('apidocs.sameAsRequest', { operation: SLOT })
      : place.part === 'response'
        ? t('apidocs.sameAsResponse', { operation: SLOT, status: place.status })
        : t('apidocs.sameAsSchema', { name: SLOT })
  return (
    <a href={`#${place.anchor}`} className="text-primary-dark underline underline-offset-2 dark:text-primary-light">
      <Slotted text={text} node={<bdi dir="ltr">{place.part === 'schema' ? place.path : `${place.method} ${place.path}`}</bdi>} />
    </a>
  )
}

/** Fields or parameters: name (indented when nested), type, rules and notes. */
function FieldTable({ rows, withIn = false, english }: { rows: Array<FieldRow | ParameterRow>; withIn?: boolean; english?: English }) {
  const { t } = useTranslation()
  return (
    <table className="fd-doc-table">
      <thead>
        <tr>
          <th scope="col">{t('apidocs.table.name')}</th>
          {withIn ? <th scope="col">{t('apidocs.table.in')}</th> : null}
          <th scope="col">{t('apidocs.table.type')}</th>
          <th scope="col">{t('apidocs.table.details')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} id={row.anchor} style={row.depth ? ({ '--depth': row.depth } as CSSProperties) : undefined}>
            <td>
              <code dir="ltr" className="fd-doc-name">
                {row.name}
              </code>
              <span className={row.required ? 'fd-doc-required' : 'fd-doc-optional'}>{row.required ? t('apidocs.required') : t('apidocs.optional')}</span>
            </td>
            {withIn ? <td className="text-muted">{(row as ParameterRow).in}</td> : null}
            <td>
              <TypeText type={row.type} />
            </td>
            <td className="text-muted">
              {row.rules.map((rule, ruleIndex) => (
                <Fragment key={ruleIndex}>
                  {ruleIndex ? ' · ' : null}
                  <RuleText rule={rule} />
                </Fragment>
              ))}
              {row.description ? (
                <span {...english} className="block text-ink">
                  <Rich text={row.description} />
                </span>
              ) : null}
              {row.sameAs ? (
                <span className="block">
                  <SameAs place={row.sameAs} />
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function BodyView({ body, english }: { body: Body; english?: English }) {
  const { t } = useTranslation()
  return (
    <div id={body.anchor} className="mt-2 scroll-mt-4 space-y-2">
      <p className="text-xs text-muted">
        {t('apidocs.contentType')}{' '}
        {body.contentTypes.map((type, index) => (
          <Fragment key={type}>
            {index ? ', ' : null}
            <code dir="ltr" className="fd-doc-code">
              {type}
            </code>
          </Fragment>
        ))}
      </p>
      {body.sameAs ? (
        <p className="text-sm">
          <SameAs place={body.sameAs} />
        </p>
      ) : null}
      {body.type ? (
        <p className="text-sm">
          {t('apidocs.table.type')}: <TypeText type={body.type} />
        </p>
      ) : null}
      {body.rows.length ? <FieldTable rows={body.rows} english={english} /> : null}
    </div>
  )
}

function statusTone(status: string): Tone {
  if (status.startsWith('2')) return 'success'
  if (status.startsWith('5')) return 'error'
  return 'warning'
}

function OperationCard({ operation, english }: { operation: OperationView; english?: English }) {
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

function Contents({ reference }: { reference: ApiReference }) {
  const { t } = useTranslation()
  const link = 'fd-doc-toc-link'
  return (
    <ol className="space-y-4 text-sm">
      <li>
        <p className="fd-doc-label">{t('apidocs.overview')}</p>
        <ul>
          {OVERVIEW.map(([anchor, key]) => (
            <li key={anchor}>
              <a href={`#${anchor}`} className={link}>
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </li>
      <li>
        <p className="fd-doc-label">{t('apidocs.endpoints')}</p>
        <ul className="space-y-2">
          {reference.tags.map((tag) => (
            <li key={tag.anchor}>
              <a href={`#${tag.anchor}`} lang="en" className={`${link} font-semibold first-letter:uppercase`}>
                {tag.name}
              </a>
              <ul>
                {tag.operations.map((operation) => (
                  <li key={operation.anchor}>
                    <a href={`#${operation.anchor}`} className={`${link} flex items-baseline gap-2 ps-4`}>
                      <span className={`w-12 shrink-0 font-mono text-[11px] font-bold ${METHOD_TEXT[operation.method] ?? ''}`}>{operation.method}</span>{' '}
                      <code dir="ltr" className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
                        {operation.path}
                      </code>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </li>
      <li>
        <a href="#schemas" className={`${link} font-semibold`}>
          {t('apidocs.schemas.title')}
        </a>
      </li>
    </ol>
  )
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { reference, baseUrl } = loaderData
  // The document is written in English: say so to screen readers, and keep its sentences left-to-right in Arabic.
  const english: English | undefined = i18n.language === 'en' ? undefined : { lang: 'en', dir: 'auto' }
  const login = reference.tags.flatMap((tag) => tag.operations).find((operation) => operation.path === '/api/account/login')
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
      <title>{`${t('apidocs.title')} | Freightdesk`}</title>
      <header className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-8">
        <Logo />
        <LanguageMenu />
      </header>
      <div className="mx-auto max-w-7xl px-4 pb-28 sm:px-8 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label={t('apidocs.contents')} className="hidden lg:block" data-testid="api-docs-contents">
          <div className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto pe-2 pb-8">
            <Contents reference={reference} />
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
              <Contents reference={reference} />
            </nav>
          </details>

          <div className="space-y-10">
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
                  <a href={`#${login.anchor}`} className="text-primary-dark underline underline-offset-2 dark:text-primary-light">
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
                  {reference.errorCodes.map(({ code, status }) => (
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

            {reference.tags.map((tag) => (
              <section key={tag.anchor} id={tag.anchor} className="scroll-mt-4 space-y-4">
                <h2 lang="en" className="fd-doc-h2 first-letter:uppercase">
                  {tag.name}
                </h2>
                {tag.operations.map((operation) => (
                  <OperationCard key={operation.anchor} operation={operation} english={english} />
                ))}
              </section>
            ))}

            <section id="schemas" className="fd-doc-section space-y-4">
              <h2 className="fd-doc-h2">{t('apidocs.schemas.title')}</h2>
              {reference.schemas.map((schema) => (
                <Card key={schema.anchor} id={schema.anchor} className="scroll-mt-4 p-4 sm:p-6">
                  <h3 className="font-mono text-base font-bold">{schema.name}</h3>
                  <FieldTable rows={schema.rows} english={english} />
                </Card>
              ))}
            </section>
          </div>
        </main>
      </div>
    </div>
  )
}
