import { href, Link, useLocation } from 'react-router'
import { z } from 'zod'

import { LoadChatButton } from '~/components/chat/load-chat-button'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { shareLinkIntents, ShareLinksCard } from '~/components/forms/share-links-card'
import { useShownOnce } from '~/components/forms/shown-once-answer'
import { PageHeader } from '~/components/layout/page-header'
import { LoadDocuments } from '~/components/loads/documents'
import { LoadAssignmentCard, LoadChargesCard, LoadDetailsCard, LoadNotesCard, LoadStopsCard } from '~/components/loads/load-view-cards'
import { LoadOdometerCard } from '~/components/loads/odometer-readings'
import { CancelConfirm, ReopenConfirm, StatusActions } from '~/components/loads/status-actions'
import { mailMessagePath } from '~/components/mail/mail-paths'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { loadDistanceRecord } from '~/models/fuel-tax/odometer-reading.server'
import { getLoad, loadTimeZone } from '~/models/loads/load.server'
import { deleteLoadDocument } from '~/models/loads/load-document.server'
import { loadPageView } from '~/models/loads/load-serialize.server'
import { moveLoad, reopenLoad } from '~/models/loads/load-status.server'
import { loadsMadeFromEach, sourceOfLoad } from '~/models/loads/rate-confirmation.server'
import { createTrackingLink, listTrackingLinks, revokeTrackingLink } from '~/models/loads/tracking-link.server'
import { customFieldsForDisplay } from '~/models/organization/custom-fields.server'
import { quoteOfLoad } from '~/models/quotes/quote.server'
import { loadsOutOfService } from '~/models/reference/unit-service.server'
import { loadConversationRefusal } from '~/policies/chat'
import { canDeleteDocuments, loadOffers, loadScope, nextStopEvent, seesLoadMoney, uploadableKinds } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, shownOnce } from '~/requests/forms.server'
import { stopEventAction, uploadDocumentAction } from '~/requests/load-actions.server'
import { requirePermission } from '~/requests/session.server'
import { LoadReopenSchema, LoadStatusMoveSchema } from '~/schemas/load'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { LOAD_STATUS_META } from '~/schemas/load-options'
import { isMailView } from '~/schemas/mail-options'
import { requiredId } from '~/schemas/text'
import { TrackingLinkCreateSchema, TrackingLinkRevokeSchema } from '~/schemas/tracking-link'
import { type DomainError, orNotFound } from '~/utils/errors.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'
import { withParams } from '~/utils/with-params'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'trailers', 'customFields', 'chat', 'quotes', 'tracking', 'odometer', 'accidents', 'claims'] }

/** The document upload form posts here: streamed to storage, never collected by the edge (app/utils/upload-limit.ts). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

const LIST = href('/dashboard/loads/list')
/** A load whose distance record is closed: it has its trip, or is incomplete. */
const DELIVERED: readonly string[] = ['delivered', 'invoiced']

/** One load, read-only, with its status moves for the roles that may change loads. A driver sees only their own. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'load')
  const load = await orNotFound(getLoad(loadScope(user), params.id))
  const url = new URL(request.url)
  // A booked load whose truck or trailer is out of service says why and offers no dispatch (ADR 136).
  const outOfService =
    load.status === 'booked' && can(user.role, 'update', 'load') ? ((await loadsOutOfService(user.organizationId, [load])).get(load.id) ?? null) : null
  // What the load policy allows this role on this load: the page offers exactly that (app/policies/load.ts).
  const offers = loadOffers(user.role, load.status, Boolean(outOfService))
  // Rates, charges and rate confirmations: for the roles that see a load's money (ADR 134).
  const money = seesLoadMoney(user.role)
  // Tracking links: for those who may share the load (who may update it, ADR 063).
  const sharesTracking = can(user.role, 'update', 'load')
  const rateConns = (money ? load.documents : [])
    .filter((document) => document.kind === 'rateConn' && document.contentType === 'application/pdf')
    .map((document) => document.id)
  const [timeZone, customFields, quote, trackingLinks, source, made, distance] = await Promise.all([
    loadTimeZone(user.organizationId),
    customFieldsForDisplay(user.organizationId, 'loads', load.customFields),
    // The quote request it was converted from, for the roles that read them.
    can(user.role, 'read', 'quote') ? quoteOfLoad(user.organizationId, load.id) : null,
    sharesTracking ? listTrackingLinks(user.organizationId, load.id) : null,
    // The rate confirmation it was read from, and the loads read from its own (ADR 103): one query each.
    money && (load.sourceMailAttachmentId || load.sourceDocumentId) ? sourceOfLoad(user, load.id) : null,
    rateConns.length ? loadsMadeFromEach(loadScope(user), { documentIds: rateConns }) : null,
    // The driver's odometer readings and the trip they made on delivery (ADR 125).
    can(user.role, 'read', 'odometerReading') ? loadDistanceRecord(loadScope(user), load.id) : null,
  ])
  return {
    quote,
    source,
    load: loadPageView(load, made, money),
    nextStop: offers.recordStops ? nextStopEvent(load.status, load.stops) : null,
    documentKinds: uploadableKinds(user.role),
    canDeleteDocuments: canDeleteDocuments(user.role),
    // A rate confirmation PDF offers "Create load from this" (the new-load page reads it).
    canCreateLoad: can(user.role, 'create', 'load'),
    // The accident register (ADR 141): an accident on this load, its driver and units filled in.
    recordAccident: can(user.role, 'create', 'accident') ? `${href('/dashboard/accidents/new')}?loadId=${load.id}` : null,
    timeZone,
    now: zonedWallClock(new Date(), timeZone).slice(0, 16),
    customFields,
    trackingLinks,
    returnTo: listReturnTo(url.searchParams.get('returnTo'), LIST),
    confirmCancel: offers.cancel && url.searchParams.get('confirm') === 'cancel',
    confirmReopen: offers.reopen && url.searchParams.get('confirm') === 'reopen',
    offers,
    outOfService,
    // The load's conversation (its dispatcher and driver), for those who may open it (app/policies/chat.ts).
    chat: !loadConversationRefusal(user, load),
    distance:
      distance && (distance.readings.length || distance.tripMiles !== null || (load.truckId && DELIVERED.includes(load.status)))
        ? {
            readings: distance.readings.map((reading) => ({
              id: reading.id,
              kind: reading.kind,
              jurisdiction: reading.jurisdiction,
              odometer: reading.odometer,
              recordedAt: reading.recordedAt.toISOString(),
            })),
            tripMiles: distance.tripMiles,
            delivered: DELIVERED.includes(load.status),
          }
        : null,
    links: { broker: can(user.role, 'read', 'broker'), truck: can(user.role, 'read', 'truck'), trailer: can(user.role, 'read', 'trailer') },
    // Claims against the load (ADR 142): open one (its broker prefilled), or see its claims.
    claims: { open: can(user.role, 'create', 'claim'), list: can(user.role, 'read', 'claim') },
  }
}

/**
 * The page's posts. A status button: one move of the status machine (the model checks it again),
 * then back to this page with a toast. A stop's arrival or departure, and a document upload
 * (drivers too, on their loads). A refusal (illegal move, dispatch checks, stale version, a file
 * of the wrong type) is shown on the page with its reasons, never as an error page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const url = new URL(request.url)
  url.searchParams.delete('confirm')
  const back = `${url.pathname}${url.search}`
  // A document upload: multipart, streamed to storage by the model.
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const { user, actor } = await requireActor(request, 'create', 'loadDocument')
    return uploadDocumentAction(request, user, actor, params.id, t, back)
  }
  await requirePermission(request, 'read', 'load')
  const form = await request.formData()
  if (form.get('intent') === 'stopEvent') {
    const { user, actor } = await requireActor(request, 'update', 'loadStop')
    form.set('loadId', params.id)
    return stopEventAction(form, user, actor, t, back)
  }
  const { user, actor } = await requireActor(request, 'update', 'load')
  return intentAction(
    form,
    t,
    {
      deleteDocument: intent({
        schema: DocumentIdSchema,
        run: ({ documentId }) => deleteLoadDocument(user, actor, params.id, documentId),
        done: (document) => redirectWithToast(back, { type: 'success', title: t('loads.documents.toast.deleted', { name: document.fileName }) }),
        gone: true,
      }),
      status: intent({
        schema: LoadStatusMoveSchema,
        run: (move) => moveLoad(actor, params.id, move),
        done: (load) =>
          redirectWithToast(back, {
            type: load.status === 'canceled' ? 'warning' : 'success',
            title: t('loads.toast.moved', { number: load.loadNumber, status: t(`loads.status.${load.status}`) }),
          }),
        link: busyLoadLink,
      }),
      // A tracking link: its address is in this answer only (not a redirect), as an API key's secret.
      shareTracking: intent({
        schema: TrackingLinkCreateSchema,
        run: (input) => createTrackingLink(actor, params.id, input),
        done: (link) => shownOnce('shareTracking', { value: link.url }),
      }),
      revokeTracking: intent({
        schema: TrackingLinkRevokeSchema,
        run: ({ linkId }) => revokeTrackingLink(actor, params.id, linkId),
        done: () => redirectWithToast(back, { type: 'success', title: t('tracking.share.revokedToast') }),
        gone: true,
      }),
      // An admin's correction of a mistaken delivery (the policy offers it to admins only; the model refuses others).
      reopen: intent({
        schema: LoadReopenSchema,
        run: (reopen) => reopenLoad(actor, params.id, reopen),
        done: (load) =>
          redirectWithToast(back, { type: 'warning', title: t('loads.reopen.toast', { number: load.loadNumber, status: t(`loads.status.${load.status}`) }) }),
      }),
    },
    { about: params.id },
  )
}

const DocumentIdSchema = z.object({ documentId: requiredId() })

/** A dispatch refused because the driver or equipment is on another load links to that load. */
function busyLoadLink(error: DomainError, t: (key: string, params?: Record<string, unknown>) => string) {
  const params = error.options.params ?? {}
  if (typeof params.busyLoadId !== 'string') return undefined
  return { to: href('/dashboard/loads/:id', { id: params.busyLoadId }), label: t('loads.errors.openBusyLoad', { number: params.loadNumber }) }
}

export default function LoadView({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const { load, returnTo, timeZone, links } = loaderData
  // Status buttons, stop events and document deletes answer above the page; an upload at its form.
  const refusal = useRefusal(actionData, [null, 'status', 'stopEvent', 'deleteDocument', 'reopen'], undefined, [])
  const uploadRefusal = useRefusal(actionData, 'upload')
  const trackingRefusal = useRefusal(actionData, shareLinkIntents('tracking'), undefined, ['expiresInDays'])
  // A link just made (shareTracking's answer): its address is shown this once.
  const createdLink = useShownOnce(actionData, 'shareTracking')?.value ?? null

  return (
    <>
      <PageHeader
        title={t('loads.view.title', { number: load.loadNumber })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.loads'), to: returnTo }, { label: load.loadNumber }]}
        action={
          loaderData.offers.edit || loaderData.offers.delete || loaderData.chat ? (
            <div className="flex flex-wrap gap-2">
              {loaderData.chat ? <LoadChatButton loadId={load.id} loadNumber={load.loadNumber} /> : null}
              {loaderData.offers.delete ? (
                <ButtonLink to={withReturnTo(href('/dashboard/loads/:id/delete', { id: load.id }), returnTo)} variant="ghost">
                  <Icon name="trash" size={18} />
                  {t('common.delete')}
                </ButtonLink>
              ) : null}
              {loaderData.offers.edit ? (
                <ButtonLink to={withReturnTo(href('/dashboard/loads/:id/edit', { id: load.id }), returnTo)}>
                  <Icon name="edit" size={18} />
                  {t('common.edit')}
                </ButtonLink>
              ) : null}
            </div>
          ) : null
        }
      />

      {loaderData.recordAccident ? (
        <p className="-mt-4 mb-6 text-sm">
          <a href={loaderData.recordAccident} className="font-semibold text-primary hover:underline" data-testid="load-record-accident">
            {t('accidents.loadLink')}
          </a>
        </p>
      ) : null}
      {loaderData.quote ? (
        <p className="-mt-4 mb-6 text-sm text-muted">
          <Link
            to={href('/dashboard/booking/:id', { id: loaderData.quote.id })}
            className="font-semibold text-primary hover:underline"
            data-testid="load-quote"
          >
            {t('quotes.view.fromQuote', { number: loaderData.quote.number })}
          </Link>
        </p>
      ) : null}
      {loaderData.source ? (
        <p className="-mt-4 mb-6 text-sm text-muted">
          <Link
            to={
              loaderData.source.kind === 'mail-attachment'
                ? mailMessagePath(isMailView(loaderData.source.message.folder) ? loaderData.source.message.folder : 'all', loaderData.source.message.id, {
                    box: loaderData.source.message.box,
                  })
                : href('/dashboard/loads/:id', { id: loaderData.source.load.id })
            }
            className="font-semibold text-primary hover:underline"
            data-testid="load-source"
          >
            {loaderData.source.kind === 'mail-attachment'
              ? t('loads.view.readFromMail', { name: loaderData.source.fileName })
              : t('loads.view.readFromDocument', { name: loaderData.source.fileName, number: loaderData.source.load.loadNumber })}
          </Link>
        </p>
      ) : null}
      {loaderData.claims.list ? (
        <p className="-mt-4 mb-6 flex flex-wrap gap-4 text-sm" data-testid="load-claims">
          {loaderData.claims.open ? (
            <Link to={`${href('/dashboard/claims/new')}?loadId=${load.id}`} className="font-semibold text-primary hover:underline">
              {t('claims.fromLoad.open')}
            </Link>
          ) : null}
          <Link to={`${href('/dashboard/claims')}?loadId=${load.id}`} className="text-primary hover:underline">
            {t('claims.fromLoad.list')}
          </Link>
        </p>
      ) : null}
      <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="status-refusal" className="mb-6" />

      {loaderData.confirmCancel ? <CancelConfirm version={load.version} loadNumber={load.loadNumber} keepHref={withParams(search, { confirm: null })} /> : null}
      {loaderData.confirmReopen ? <ReopenConfirm version={load.version} loadNumber={load.loadNumber} keepHref={withParams(search, { confirm: null })} /> : null}

      <Card className="mb-6 flex flex-wrap items-center justify-between gap-4 p-4 sm:p-6" data-testid="load-status">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-semibold text-muted">{t('fields.status')}</span>
          <Badge tone={LOAD_STATUS_META[load.status].tone}>{t(`loads.status.${load.status}`)}</Badge>
        </div>
        {loaderData.outOfService ? (
          <p className="w-full text-sm text-error sm:order-last" data-testid="load-out-of-service">
            {t(loaderData.outOfService.key, loaderData.outOfService.params)}
          </p>
        ) : null}
        <StatusActions
          status={load.status}
          moves={loaderData.offers.moves}
          reopen={loaderData.offers.reopen}
          maxAt={loaderData.now}
          version={load.version}
          loadNumber={load.loadNumber}
          search={search}
        />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <LoadDetailsCard load={load} linkBroker={links.broker} />
        <LoadAssignmentCard load={load} links={links} />
        <LoadStopsCard load={load} timeZone={timeZone} nextStop={loaderData.nextStop} />
        <LoadChargesCard load={load} />
        <LoadNotesCard notes={load.notes} />
        {loaderData.distance ? <LoadOdometerCard {...loaderData.distance} timeZone={timeZone} /> : null}

        <LoadDocuments
          loadId={load.id}
          documents={load.documents}
          kinds={loaderData.documentKinds}
          canDelete={loaderData.canDeleteDocuments}
          canCreateLoad={loaderData.canCreateLoad}
          timeZone={timeZone}
          refusal={uploadRefusal}
        />

        <CustomFieldValues fields={loaderData.customFields} />

        {loaderData.trackingLinks ? (
          <ShareLinksCard
            kind="tracking"
            links={loaderData.trackingLinks}
            created={createdLink}
            refusal={trackingRefusal}
            canShare
            timeZone={timeZone}
            className="lg:col-span-2"
          />
        ) : null}
      </div>
    </>
  )
}
