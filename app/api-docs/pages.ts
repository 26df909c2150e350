/** The API reference's pages (ADR 097): the overview, one page per resource (tag), and the shared schemas. */
export const DOCS_PATH = '/api/docs'
export const SCHEMAS_PAGE = 'schemas'
export const docsPage = (page: string) => `${DOCS_PATH}/${page}`
