/**
 * The API reference's text and tables (app/routes/api/docs.tsx): descriptions with `code` spans,
 * types and rules in words, and the field tables of parameters, bodies and schemas.
 */
import { type CSSProperties, Fragment, type ReactNode } from 'react'

import type { Body, FieldRow, ParameterRow, Place, Rule, TypeView } from '~/api-docs/reference.server'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'

/** Attributes of the document's English text on a page in another language. */
export type English = { lang: 'en'; dir: 'auto' }
/** Stands for a React node inside a translated sentence (`array of {{type}}`), whatever the word order. */
const SLOT = '\uE000'

/** Text with `code` spans, as the OpenAPI descriptions and our own intro write them. */
export function Rich({ text }: { text: string }) {
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
        <a href={type.href} className="text-primary-dark underline-offset-2 hover:underline dark:text-primary-light">
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
    <a href={place.href} className="text-primary-dark underline underline-offset-2 dark:text-primary-light">
      <Slotted text={text} node={<bdi dir="ltr">{place.part === 'schema' ? place.path : `${place.method} ${place.path}`}</bdi>} />
    </a>
  )
}

/** Fields or parameters: name (indented when nested), type, rules and notes. */
export function FieldTable({ rows, withIn = false, english }: { rows: Array<FieldRow | ParameterRow>; withIn?: boolean; english?: English }) {
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

export function BodyView({ body, english }: { body: Body; english?: English }) {
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
