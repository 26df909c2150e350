import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, href, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, TextField } from '~/components/ui/field'
import { AddressFields } from '~/components/users/address-fields'
import { Avatar } from '~/components/users/avatar'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { getOwnUser, updateOwnProfile } from '~/models/users/user-account.server'
import { actorOf } from '~/requests/actor.server'
import { formConstraint, formFailure, invalidSubmission } from '~/requests/forms.server'
import { requireUser } from '~/requests/session.server'
import { ProfileSchema } from '~/schemas/user'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/profile'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['users'] }

const SELF = href('/dashboard/user/profile')

/** Anyone signed in edits their own name, phone and address; role and status are an admin's. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const me = await getOwnUser(user)
  return {
    me: {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      role: me.role,
      avatarUrl: me.avatarUrl,
      company: me.company?.name ?? null,
      defaults: Object.fromEntries(
        (['firstName', 'lastName', 'phone', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'version'] as const).flatMap((key) =>
          me[key] === null ? [] : [[key, String(me[key])]],
        ),
      ),
    },
    constraint: formConstraint(ProfileSchema),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema })
  if (submission.status !== 'success') return invalidSubmission(submission, { translate: getInstance(context).t })
  try {
    await updateOwnProfile({ ...actorOf(request, user), userId: user.id }, submission.value)
  } catch (error) {
    return formFailure(submission, error, { translate: getInstance(context).t })
  }
  return redirectWithToast(SELF, { type: 'success', title: getInstance(context).t('users.profile.saved') })
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { me } = loaderData
  const [form, fields] = useSchemaForm<typeof ProfileSchema>({
    id: 'own-profile',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: me.defaults,
  })
  return (
    <>
      <PageHeader title={t('users.profile.title')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.profile') }]} />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="flex flex-col items-center p-6 text-center">
          <Avatar user={me} size={96} />
          <p className="mt-4 text-base font-bold break-words">
            {me.firstName} {me.lastName}
          </p>
          <p className="text-sm break-all text-muted">{me.email}</p>
          <p className="mt-2 text-sm">{t(`roles.${me.role}`)}</p>
          {me.company ? <p className="mt-1 text-xs text-muted">{me.company}</p> : null}
          <ButtonLink to={href('/dashboard/user/account')} variant="secondary" className="mt-5">
            {t('users.profile.accountLink')}
          </ButtonLink>
        </Card>
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <FormErrors id={form.errorId} errors={form.errors} />
          {actionData?.conflict ? <ConflictNotice reloadTo={SELF} /> : null}
          <input {...getInputProps(fields.version, { type: 'hidden' })} />
          <Card className="p-6">
            <h2 className="mb-5 text-base font-bold">{t('users.profile.personal')}</h2>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              <TextField label={t('fields.firstName')} field={fields.firstName} autoComplete="given-name" />
              <TextField label={t('fields.lastName')} field={fields.lastName} autoComplete="family-name" />
              <TextField label={t('users.fields.phone')} field={fields.phone} autoComplete="tel" />
            </div>
          </Card>
          <Card className="p-6">
            <h2 className="mb-5 text-base font-bold">{t('users.editor.address')}</h2>
            <AddressFields fields={fields} own />
          </Card>
          <div className="flex justify-end">
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              {t('common.saveChanges')}
            </Button>
          </div>
        </Form>
      </div>
    </>
  )
}
