/**
 * Mail's limits, shared by the compose page, the API, the models and the OpenAPI document. No zod
 * here: pages import it without downloading the validation library.
 */
/** One attached file at most this large (field error on the page, 413 in the API). */
export const MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
/** All the files of one message together (the request edge refuses a larger body outright). */
export const MAIL_ATTACHMENTS_MAX_TOTAL_BYTES = 25 * 1024 * 1024
/** Attachments on one message: uploaded files and load documents together. */
export const MAIL_ATTACHMENTS_MAX = 10
/** Addresses on one message, To and Cc together. */
export const MAIL_RECIPIENTS_MAX = 50
export const MAIL_LABELS_MAX = 10
export const MAIL_LABEL_MAX_LENGTH = 30
export const MAIL_SUBJECT_MAX_LENGTH = 250
export const MAIL_TEXT_MAX_LENGTH = 100_000
