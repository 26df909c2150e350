/** Bulletin choices shared by pages, schemas, the policy and the model. No zod here. */
import type { Tone } from './tone'

export const POST_STATUSES = ['draft', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export const POST_STATUS_META = {
  draft: { tone: 'default', toast: 'info' },
  published: { tone: 'success', toast: 'success' },
} as const satisfies Record<PostStatus, { tone: Tone; toast: 'info' | 'success' }>

export const POST_SORTS = ['publishedAt', 'title', 'status', 'updatedAt', 'createdAt'] as const

export const MAX_POST_TITLE = 160
export const MAX_POST_DESCRIPTION = 300
export const MAX_POST_BODY = 20_000
export const MAX_POST_TAGS = 8
export const MAX_POST_TAG = 30
export const MAX_COMMENT_BODY = 2000

/** A cover image: PNG, JPEG or WebP (by its bytes), at most this size. */
export const POST_COVER_MAX_BYTES = 5 * 1024 * 1024

/** Posts the overview shows: the latest published, and those the reader has still to acknowledge. */
export const OVERVIEW_LATEST = 5
