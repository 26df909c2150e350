import type { useForm } from '@conform-to/react'

/** The native constraints (required, min, max, pattern …) a form's fields get from its schema. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]['constraint']>
