import { href } from 'react-router'

/** The API reference's pages (ADR 097): the overview, one page per resource (tag), and the shared schemas. */
export const DOCS_PATH = href('/api/docs')
export const SCHEMAS_PAGE = 'schemas'
export const docsPage = (page: string) => href('/api/docs/:section', { section: page })
