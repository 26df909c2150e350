import { z } from 'zod'

import { apiRecordSchema, instant, namedRef } from './api-record'
import { idText, optionalText, requiredText, text, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'
import { MAX_COMMENT_BODY, MAX_POST_BODY, MAX_POST_DESCRIPTION, MAX_POST_TAG, MAX_POST_TAGS, MAX_POST_TITLE, POST_SORTS, POST_STATUSES } from './post-options'

/** Tags, checked the same way from the form (one text, comma separated) and the API (a list): trimmed, lowercase, no repeats. */
function normalTags(tags: string[], ctx: z.RefinementCtx) {
  const cleaned = [...new Set(tags.map((tag) => tag.trim().toLocaleLowerCase()).filter(Boolean))]
  if (cleaned.length > MAX_POST_TAGS) ctx.addIssue({ code: 'custom', message: 'bulletins.errors.tooManyTags' })
  if (cleaned.some((tag) => tag.length > MAX_POST_TAG)) ctx.addIssue({ code: 'custom', message: 'bulletins.errors.tagTooLong' })
  return cleaned
}

const tagList = z
  .array(text({ error: 'bulletins.errors.tags' }), { error: 'bulletins.errors.tags' })
  .max(50, 'bulletins.errors.tooManyTags')
  .transform(normalTags)

const tagText = optionalText(1000).transform((value, ctx) => normalTags((value ?? '').split(','), ctx))

/** A checkbox (absent: false) or a JSON boolean. */
const flag = z.preprocess(
  (value) => (value === 'on' || value === 'true' ? true : value === 'false' || value === undefined ? false : value),
  z.boolean({ error: 'validation.choice' }),
)

const PostFields = z.object({
  title: requiredText(MAX_POST_TITLE),
  description: optionalText(MAX_POST_DESCRIPTION),
  body: text({ error: 'validation.required' })
    .max(MAX_POST_BODY, 'validation.tooLong')
    .refine((value) => value.trim().length > 0, 'validation.required'),
  status: z.enum(POST_STATUSES, { error: 'validation.choice' }).default('draft'),
  requiresAcknowledgment: flag.default(false),
})

/** The API's body (POST) and the model's input: tags a list. */
export const PostSchema = PostFields.extend({ tags: tagList.default([]) })
export type PostInput = z.infer<typeof PostSchema>
/** PUT: the whole post plus the version it was read at (the cover has its own form field, not in the API). */
export const PostUpdateSchema = withVersion(PostSchema)

/** The editor's schema (Conform): the tags one comma-separated text; `removeCover` ticks the cover away. */
export const PostFormSchema = PostFields.extend({ tags: tagText, removeCover: flag.default(false) })
export const PostFormUpdateSchema = withVersion(PostFormSchema)
export type PostForm = z.infer<typeof PostFormSchema>

/** The editor's "Preview" button: only the body is read. */
export const PostPreviewSchema = z.object({ body: text().max(MAX_POST_BODY, 'validation.tooLong').default('') })

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const PostListQuerySchema = listQuery({
  sorts: POST_SORTS,
  defaultSort: 'publishedAt',
  defaultDir: 'desc',
  filters: {
    status: enumFilter(POST_STATUSES),
    tag: text().trim().toLowerCase().max(MAX_POST_TAG).optional().catch(undefined),
    acknowledgment: enumFilter(['required', 'pending'] as const),
  },
})
export type PostListQuery = z.infer<typeof PostListQuerySchema>

/** A comment: its text, trimmed, not empty. */
export const PostCommentSchema = z.object({ body: requiredText(MAX_COMMENT_BODY) })
/** The post page's "delete this comment" button. */
export const PostCommentDeleteSchema = z.object({ commentId: idText().refine((value) => value !== '', 'validation.required') })
/** "I have read this": nothing to send (no body, or `{}`; anything else is refused, as chat's read mark). */
export const PostAcknowledgeSchema = z.strictObject({})
/** The post page's button: its form carries only the intent. */
export const PostAcknowledgeFormSchema = z.object({})

/** A comment as the API answers it (serializeComment). */
export const PostCommentRecordSchema = z.object({
  id: z.string(),
  postId: z.string(),
  body: z.string(),
  author: namedRef().nullable().describe('Null when the author was deleted.'),
  createdAt: instant(),
})
export type PostCommentRecord = z.infer<typeof PostCommentRecordSchema>

/** A bulletin as the API answers it (serializePost): the Markdown, its sanitized HTML, and where the caller stands. */
export const PostRecordSchema = apiRecordSchema({
  title: z.string(),
  description: z.string().nullable(),
  body: z.string().describe('Markdown.'),
  bodyHtml: z
    .string()
    .meta({ readOnly: true })
    .describe('What the server rendered from `body` and sanitized (no raw HTML, scripts, event handlers, styles or `javascript:` links).'),
  tags: z.array(z.string()).describe('Trimmed, lowercase, no repeats.'),
  status: z.enum(POST_STATUSES),
  publishedAt: instant().nullable().meta({ readOnly: true }),
  requiresAcknowledgment: z.boolean(),
  acknowledgedByMe: z.boolean().meta({ readOnly: true }),
  acknowledgedAt: instant().nullable().meta({ readOnly: true, description: 'When the caller pressed "I have read this"; null until then.' }),
  commentsCount: z.number().int().meta({ readOnly: true }),
  acknowledgmentsCount: z.number().int().meta({ readOnly: true }),
  author: namedRef().nullable().meta({ readOnly: true }),
  cover: z
    .object({ url: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() })
    .nullable()
    .meta({ readOnly: true, description: 'The cover image (set on the editor page); `url` is read with the same bearer token.' }),
  acknowledgments: z
    .array(z.object({ userId: z.string(), name: z.string(), at: instant() }))
    .optional()
    .meta({ readOnly: true, description: 'Admins only, on GET of one post: who pressed "I have read this", and when.' }),
  pendingAcknowledgments: z
    .array(z.object({ userId: z.string(), name: z.string() }))
    .optional()
    .meta({ readOnly: true, description: 'Admins only, on GET of one post: the readers expected to acknowledge who have not.' }),
})
  // Posts never carried their organization's id.
  .omit({ organizationId: true })
  .describe(
    'A bulletin. `body` is Markdown; `bodyHtml` is what the server rendered from it and sanitized (no raw HTML, scripts, event handlers, styles or `javascript:` links). Drivers, accountants and viewers read published posts only (a draft is 404 for them). GET of one post adds, for admins, `acknowledgments` (who pressed "I have read this", and when) and `pendingAcknowledgments` (the readers expected to who have not). A post someone has acknowledged cannot be deleted (409 in_use): set it back to draft.',
  )
export type PostRecord = z.infer<typeof PostRecordSchema>
