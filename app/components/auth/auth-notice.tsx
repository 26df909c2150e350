import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Icon } from '~/components/ui/icons'

/**
 * The auth pages' message in place of a form: "check your email", "this link is invalid",
 * "address verified". One icon, a heading, a line of text, an optional action, one link on.
 */
export function AuthNotice(props: {
  pageTitle: string
  icon: 'mail' | 'alert'
  heading: string
  message: string
  link: { to: string; label: string }
  /** Announced when it replaces a form the user just sent. */
  status?: boolean
  children?: ReactNode
}) {
  return (
    <div className="text-center" role={props.status ? 'status' : undefined}>
      <title>{`${props.pageTitle} | Freightdesk`}</title>
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary-lighter text-primary-dark">
        <Icon name={props.icon} size={28} />
      </span>
      <h1 className="mt-5 text-2xl font-bold">{props.heading}</h1>
      <p className="mt-3 text-sm text-muted">{props.message}</p>
      {props.children}
      <Link to={props.link.to} className="mt-8 inline-block text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light">
        {props.link.label}
      </Link>
    </div>
  )
}
