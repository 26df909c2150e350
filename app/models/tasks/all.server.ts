/**
 * Every task module, for the worker to load before it starts (a dev server or a script may not
 * have imported them all yet). Each module registers its own tasks with `defineTask`; a new task
 * module is added here too (tests/integration/email-jobs.test.ts lists the names it expects).
 */
export const TASK_MODULES = [
  () => import('./account-emails.server'),
  () => import('./invoice-email.server'),
  () => import('./factoring-email.server'),
  () => import('./mail-email.server'),
  () => import('./held-files.server'),
  () => import('./quote-email.server'),
  () => import('./webhook-tasks.server'),
  () => import('./daily-backup.server'),
  () => import('./inspection-photos.server'),
  () => import('./compliance-reminders.server'),
  () => import('./accounting-export.server'),
  () => import('./edi-pickup.server'),
  () => import('./edi-send.server'),
  () => import('./edi-tender-expiry.server'),
]
