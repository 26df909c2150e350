import { href } from 'react-router'

import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { listPartners } from '~/models/edi/partner.server'
import { requirePermission } from '~/requests/session.server'
import { can } from '~/utils/permissions'

import type { Route } from './+types/partners'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

/** The organization's trading partners; adding, changing and deleting them is the admin's. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'edi')
  const partners = await listPartners(user.organizationId)
  return {
    canWrite: can(user.role, 'update', 'edi') && can(user.role, 'update', 'organization'),
    partners: partners.map((partner) => ({
      id: partner.id,
      version: partner.version,
      name: partner.name,
      broker: partner.broker.name,
      isa: `${partner.isaQualifier}/${partner.isaId}`,
      gsId: partner.gsId,
      ours: `${partner.ourIsaQualifier}/${partner.ourIsaId} · ${partner.ourGsId}`,
      transport: partner.transport,
      send214: partner.send214,
      send210: partner.send210,
    })),
  }
}

export default function EdiPartners({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const list = href('/dashboard/edi/partners')
  const { partners, canWrite } = loaderData
  const yesNo = (value: boolean) => (value ? t('edi.yes') : t('edi.no'))
  return (
    <>
      <ListHeader
        title={t('edi.partners.title')}
        listLabel={t('nav.ediPartners')}
        list={list}
        newHref={canWrite && href('/dashboard/edi/partners/new')}
        newLabel={t('edi.partners.new')}
      />
      <Card className="overflow-hidden">
        {partners.length === 0 ? (
          <ListEmpty
            narrowed={false}
            clearTo={list}
            noMatch={{ title: '', description: '' }}
            empty={{ title: t('edi.partners.emptyTitle'), description: t('edi.partners.empty') }}
          />
        ) : (
          <ListTable
            testId="edi-partners"
            head={
              <>
                <th scope="col">{t('edi.fields.name')}</th>
                <th scope="col">{t('edi.fields.broker')}</th>
                <th scope="col">{t('edi.fields.isaId')}</th>
                <th scope="col">{t('edi.fields.gsId')}</th>
                <th scope="col">{t('edi.partners.ours')}</th>
                <th scope="col">{t('edi.fields.transport')}</th>
                <th scope="col">{t('edi.fields.send214')}</th>
                <th scope="col">{t('edi.fields.send210')}</th>
              </>
            }
          >
            {partners.map((partner) => (
              <ListRow
                key={partner.id}
                changed={false}
                actions={
                  canWrite ? (
                    <RowActions
                      returnTo={list}
                      edit={{ path: href('/dashboard/edi/partners/:id/edit', { id: partner.id }), label: t('edi.partners.edit', { name: partner.name }) }}
                      remove={{
                        path: href('/dashboard/edi/partners/:id/delete', { id: partner.id }),
                        version: partner.version,
                        label: t('edi.partners.delete', { name: partner.name }),
                        title: t('edi.partners.deleteTitle', { name: partner.name }),
                        description: t('edi.partners.deleteDescription'),
                      }}
                    />
                  ) : null
                }
              >
                <th dir="auto">{partner.name}</th>
                <td dir="auto">{partner.broker}</td>
                <td className="fd-nw" dir="ltr">
                  {partner.isa}
                </td>
                <td className="fd-nw" dir="ltr">
                  {partner.gsId}
                </td>
                <td className="fd-nw" dir="ltr">
                  {partner.ours}
                </td>
                <td>{t(`edi.transport.${partner.transport}`)}</td>
                <td>{yesNo(partner.send214)}</td>
                <td>{yesNo(partner.send210)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
      </Card>
    </>
  )
}
