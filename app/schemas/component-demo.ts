/**
 * The forms of the components page (/components): a page that shows the app's pieces in
 * their states to the people who build it. Its posts write nothing: they answer with the real
 * refusal or the real toast, so the page shows both as every other form gets them.
 */
import { z } from 'zod'

import { DEMO_EQUIPMENT, TOAST_TONES } from './component-demo-options'
import { requiredText } from './fields'
import { text } from './text'

export const ToastDemoSchema = z.object({ tone: z.enum(TOAST_TONES, { error: 'validation.choice' }) })

/** A short form that checks what the app's forms check: a required field, an email, a choice. */
export const FieldDemoSchema = z.object({
  unit: requiredText(20),
  email: text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254, 'validation.tooLong').pipe(z.email('validation.email')),
  equipment: z.enum(DEMO_EQUIPMENT, { error: 'validation.choice' }),
  notes: text().trim().max(500, 'validation.tooLong').optional(),
})

/** The confirm dialog's delete: nothing to delete, the version is what every delete sends. */
export const DeleteDemoSchema = z.object({ version: z.coerce.number().int().min(0).max(1_000_000).optional() })
