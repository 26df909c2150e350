import { type SubmissionResult, useForm } from '@conform-to/react'
import { useNavigation } from 'react-router'
import type { z } from 'zod'

import type { FormConstraint } from '~/schemas/form-constraint'

/** A form's native constraints (required, maxLength, pattern, min, max …) by field name. */
export type { FormConstraint }

/**
 * Every form's Conform setup in one place. Validation runs on the server only (the action parses
 * with the schema and replies), so zod never reaches the browser: the page's loader sends the
 * schema's native constraints (`formConstraint(schema)` in app/requests/forms.server.ts), which give
 * the fields their attributes and required marks, and the schema is named here only as a type
 * (`useSchemaForm<typeof TruckSchema>(…)`, with `import type`). Nothing is validated on blur or
 * input: that would be a request per field (docs/decisions/020-server-only-validation.md). The id
 * must be stable for an existing record: revalidation after a 409 must not remount the form with
 * the newer version, or a second click would overwrite the other edit. The server's reply is
 * applied once the navigation settles, so a pending submission does not flash old errors.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string
  constraint: FormConstraint
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue?: Record<string, unknown>
}) {
  const navigation = useNavigation()
  const { id, constraint, lastResult, defaultValue } = options
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult: navigation.state === 'idle' ? lastResult : undefined,
    constraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    defaultValue: defaultValue as never,
  })
}
