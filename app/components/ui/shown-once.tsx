import { CopyButton } from './copy-button'

/**
 * A secret or link just made, shown this once (an API key, a webhook secret, a tracking or share
 * link): a status box with what it is, a note, the value as selectable left-to-right text (all of
 * it selected on focus), and a copy button with JavaScript.
 */
export function ShownOnce({
  title,
  note,
  label,
  value,
  copyLabel,
  testId,
  valueTestId,
  inputId,
  className = 'mt-4',
}: {
  title: string
  note?: string
  /** The value's accessible name. */
  label: string
  value: string
  copyLabel: string
  testId: string
  valueTestId?: string
  inputId?: string
  className?: string
}) {
  return (
    <div role="status" className={`${className} rounded-lg border border-success-main/40 bg-success-main/10 p-4 text-sm`} data-testid={testId}>
      <p className="font-semibold">{title}</p>
      {note ? <p className="mt-1 text-muted">{note}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          readOnly
          aria-label={label}
          value={value}
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs"
          dir="ltr"
          data-testid={valueTestId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  )
}
