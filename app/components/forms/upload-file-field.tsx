import type { Ref } from 'react'

import { fileInputClass } from '~/components/ui/input-class'
import { LOAD_DOCUMENT_ACCEPT } from '~/schemas/load-document-options'

/**
 * The file input of a streamed upload form (a load's paper, a fuel receipt): its label, the types
 * the picker offers (the server decides by content), and the refusal's reasons in place of the hint.
 */
export function UploadFileField({
  id,
  label,
  hint,
  errors,
  inputRef,
}: {
  id: string
  label: string
  hint: string
  errors: readonly string[] | undefined
  inputRef?: Ref<HTMLInputElement>
}) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="file"
        type="file"
        required
        accept={LOAD_DOCUMENT_ACCEPT}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : `${id}-hint`}
        className={fileInputClass}
      />
      {errors?.length ? (
        <ul id={`${id}-error`} className="mt-1.5 space-y-0.5 text-xs font-medium text-error" aria-live="polite">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  )
}
