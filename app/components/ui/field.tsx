import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { ReactNode } from 'react'

import { cn } from '~/utils/cn'

import { fileInputClass, inputClass } from './input-class'

// Its own module, so lists and filters that only style an input do not load Conform.
export { fileInputClass, inputClass }

/** A field's messages: text the page action translated (ADR 107), shown as it is. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-xs font-medium text-error" aria-live="polite">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

type FieldProps = {
  label: ReactNode
  field: FieldMetadata<unknown, Record<string, unknown>>
  hint?: ReactNode
  className?: string
  /**
   * Neither marked nor enforced as required though the schema requires it: a spare row the form
   * drops when left empty (a recurring deduction), whose fields are required only once it is used.
   */
  optional?: boolean
}

function Wrapper({ label, field, hint, className, optional, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {field.required && !optional ? (
          <span aria-hidden="true" className="text-error">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !field.errors?.length ? <p className="mt-1.5 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

const FREE_TEXT = ['text', 'email', 'search', 'tel']

export function TextField({
  type = 'text',
  autoComplete,
  placeholder,
  ...props
}: FieldProps & {
  type?: 'text' | 'email' | 'password' | 'number' | 'date' | 'datetime-local' | 'search' | 'tel'
  autoComplete?: string
  placeholder?: string
}) {
  return (
    <Wrapper {...props}>
      {/* Typed text keeps its own direction: "8100 Clinton Dr" stays in that order in an Arabic page. */}
      <input
        {...getInputProps(props.field, { type })}
        required={props.optional ? false : props.field.required}
        dir={FREE_TEXT.includes(type) ? 'auto' : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={inputClass}
      />
    </Wrapper>
  )
}

export function SelectField({ options, placeholder, ...props }: FieldProps & { options: Array<{ value: string; label: string }>; placeholder?: string }) {
  return (
    <Wrapper {...props}>
      <select {...getSelectProps(props.field)} className={inputClass}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Wrapper>
  )
}

export function TextareaField(props: FieldProps & { rows?: number }) {
  return (
    <Wrapper {...props}>
      <textarea {...getTextareaProps(props.field)} rows={props.rows ?? 4} dir="auto" className={inputClass} />
    </Wrapper>
  )
}

/** Form-level errors (not tied to one field), announced to screen readers. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-error/30 bg-error-lighter px-4 py-3 text-sm font-medium text-error-darker dark:bg-error/15 dark:text-error-light"
    >
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  )
}
