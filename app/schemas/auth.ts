import { z } from 'zod'

import { text } from './text'

/**
 * Shared by the HTML forms (Conform) and the JSON API. Messages are i18n keys; the form and the
 * API translate them (see app/utils/validation.ts).
 */
export const PASSWORD_MIN_LENGTH = 8

export const EmailSchema = text({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .email('validation.email')
  .transform((value) => value.toLowerCase())

export const PasswordSchema = text({ error: 'validation.required' }).min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort').max(200, 'validation.tooLong')

const NameSchema = text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(80, 'validation.tooLong')

export const LoginSchema = z.object({
  email: EmailSchema,
  // Sign-in never tells which part was wrong, so it only checks presence here.
  password: text({ error: 'validation.required' }).min(1, 'validation.required').max(200, 'validation.tooLong'),
  // Never stored: safeRedirect drops anything that is not a plain path on this site (NUL included).
  redirectTo: z.string().optional(),
})

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  organizationName: text().trim().max(120, 'validation.tooLong').optional(),
})

export const ResetPasswordRequestSchema = z.object({ email: EmailSchema })

export const NewPasswordSchema = z
  .object({
    token: text({ error: 'auth.newPassword.invalidToken' }).min(20, 'auth.newPassword.invalidToken').max(200),
    password: PasswordSchema,
    confirmPassword: text({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'validation.passwordsDontMatch',
    path: ['confirmPassword'],
  })
