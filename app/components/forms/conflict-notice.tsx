import { Link } from 'react-router'

import { useTranslation } from '~/hooks/use-translation'

/**
 * Under a form whose save was refused as stale (409): the form keeps what the user typed and
 * the version they started from, so saving again cannot overwrite the other edit; this link
 * loads the latest version instead (a full reload, so the form starts over from it).
 */
export function ConflictNotice({ reloadTo }: { reloadTo: string }) {
  const { t } = useTranslation()
  return (
    <p className="text-sm" data-testid="conflict-notice">
      <Link to={reloadTo} reloadDocument className="font-semibold text-primary-dark underline dark:text-primary-light">
        {t('errors.conflictReload')}
      </Link>
    </p>
  )
}
