/**
 * Every message a schema can give is the app's own: a key of the `validation` catalogue section
 * (app/locales/*), translated in the request's language by the page or the API. Checks name their
 * key where they are declared (`text().max(40, 'validation.tooLong')`); this error map gives one to
 * every issue that names none, so zod's own English ("Invalid input: expected string, received
 * undefined") never reaches a form or a JSON error. Installed once per process by importing this
 * module (app/schemas/text.ts and app/requests/forms.server.ts do); tests/unit/schema-messages.test.ts
 * runs every form schema on empty and wrong-typed input and checks each message is a catalogue key.
 */
import { z } from 'zod'

type Issue = Parameters<NonNullable<z.core.$ZodErrorMap>>[0]

/** The catalogue key for an issue that carries no message of its own. */
export function validationKey(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'validation.required'
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'validation.number'
      if (issue.expected === 'int') return 'validation.integer'
      if (issue.expected === 'date') return 'validation.date'
      if (issue.expected === 'boolean') return 'validation.choice'
      return 'validation.invalid'
    case 'too_big':
      if (issue.origin === 'string') return 'validation.tooLong'
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.tooMany'
      if (issue.origin === 'number' || issue.origin === 'bigint') return 'validation.tooLarge'
      return 'validation.invalid'
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return Number(issue.minimum) <= 1 ? 'validation.required' : issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooFew'
      if (issue.origin === 'number' || issue.origin === 'bigint') return 'validation.tooSmall'
      return 'validation.invalid'
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email'
      if (issue.format === 'date') return 'validation.date'
      if (issue.format === 'datetime') return 'validation.dateTime'
      if (issue.format === 'time') return 'validation.time'
      return 'validation.invalid'
    case 'invalid_value':
      return 'validation.choice'
    case 'not_multiple_of':
      return issue.divisor === 1 ? 'validation.integer' : 'validation.invalid'
    default:
      return 'validation.invalid'
  }
}

z.config({ customError: (issue) => validationKey(issue) })
