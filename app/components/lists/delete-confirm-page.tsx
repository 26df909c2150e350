import { Form, href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'

/**
 * The confirm page every delete has: where the list's delete link goes without JavaScript (with
 * it, the same form opens in a dialog). It posts the version the user saw, so a record changed
 * since is not deleted, and where to return.
 */
export function DeleteConfirmPage(props: { title: string; description: string; listLabel: string; version: number; returnTo: string }) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={props.title}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: props.listLabel, to: props.returnTo }, { label: t('common.delete') }]}
      />
      <Card className="max-w-xl p-6">
        <p className="text-muted">{props.description}</p>
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="version" value={props.version} />
          <input type="hidden" name="returnTo" value={props.returnTo} />
          <ButtonLink to={props.returnTo} variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" name="intent" value="delete" variant="danger">
            {t('common.delete')}
          </Button>
        </Form>
      </Card>
    </>
  )
}
