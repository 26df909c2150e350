import { Fragment } from 'react'

/**
 * A translated sentence whose data was marked with `isolate()` (app/utils/format.ts), rendered with
 * each marked part in a `<bdi>`: the same isolation in markup, and names (a button's, a dialog's)
 * without the invisible marks, so they read and match as written.
 */
export function BidiText({ text }: { text: string }) {
  const parts = text.split(/\u2068([^\u2068\u2069]*)\u2069/)
  if (parts.length === 1) return <>{text}</>
  // split() with a group: even indexes are the sentence, odd ones the isolated data.
  return <>{parts.map((part, index) => (index % 2 ? <bdi key={index}>{part}</bdi> : <Fragment key={index}>{part}</Fragment>))}</>
}
