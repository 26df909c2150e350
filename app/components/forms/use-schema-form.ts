import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useNavigation } from 'react-router'
import type { z } from 'zod'

/**
 * Every form's Conform setup in one place: the schema the server validates with also gives the
 * browser its native constraints and (with JavaScript) messages on blur, then on input. The id
 * must be stable for an existing record: revalidation after a 409 must not remount the form with
 * the newer version, or a second click would overwrite the other edit. The server's reply is
 * applied once the navigation settles, so a pending submission does not flash old errors.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string
  schema: S
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue?: Record<string, unknown>
}) {
  const navigation = useNavigation()
  const { id, schema, lastResult, defaultValue } = options
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult: navigation.state === 'idle' ? lastResult : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: defaultValue as never,
  })
}
