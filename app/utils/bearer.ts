/** The credential of `Authorization: Bearer <login token or API key>`, or null when there is none. */
export function bearerCredential(request: Request) {
  const match = (request.headers.get('Authorization') ?? '').match(/^Bearer\s+(.+)$/i)
  return match ? match[1].trim() : null
}
