import { isShownOnce, type ShownOnceAnswer } from '~/utils/page-answer'

/**
 * The secret or link an action just made for this form (`intent`), else null: the page-answer
 * type's `shownOnce` kind (app/utils/page-answer.ts, ADR 107), which the page shows in `<ShownOnce>`.
 */
export function useShownOnce(actionData: unknown, intent: string | readonly string[]): ShownOnceAnswer | null {
  if (!isShownOnce(actionData)) return null
  const intents: readonly string[] = typeof intent === 'string' ? [intent] : intent
  return intents.includes(actionData.intent) ? actionData : null
}
