import { ROLES, USER_STATUSES } from '~/schemas/user-options'

/** The role and status filters of the user list and of the user cards: one set for both views. */
export function userListFilters(t: (key: string) => string, query: { role?: string; status?: string }) {
  return [
    { name: 'role', label: t('users.fields.role'), value: query.role, options: ROLES.map((value) => ({ value, label: t(`roles.${value}`) })) },
    { name: 'status', label: t('fields.status'), value: query.status, options: USER_STATUSES.map((value) => ({ value, label: t(`users.status.${value}`) })) },
  ]
}
