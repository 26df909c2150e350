/** The public site's text limits (ADR 060). Zod-free: the site page's fields carry them in the browser. */
export const SITE_LIMITS = {
  tagline: 160,
  about: 10_000,
  faq: 50,
  question: 200,
  answer: 2000,
  services: 20,
  serviceName: 120,
  serviceDescription: 1000,
  message: 5000,
} as const
