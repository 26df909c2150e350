/**
 * The language menu's flags (emoji flags need a colour emoji font that many machines lack), 30 by
 * 20 units. Plain data: the Tailwind plugin in tailwind.config.ts makes each a `fd-flag-<code>`
 * background, drawn once in the stylesheet instead of as SVG in every page (ADR 042).
 */
const drawings = {
  us: '<rect width="30" height="20" fill="#B22234"/><rect y="1.538" width="30" height="1.538" fill="#fff"/><rect y="4.615" width="30" height="1.538" fill="#fff"/><rect y="7.692" width="30" height="1.538" fill="#fff"/><rect y="10.77" width="30" height="1.538" fill="#fff"/><rect y="13.85" width="30" height="1.538" fill="#fff"/><rect y="16.92" width="30" height="1.538" fill="#fff"/><rect width="13" height="10.77" fill="#3C3B6E"/>',
  fr: '<rect width="10" height="20" fill="#0055A4"/><rect x="10" width="10" height="20" fill="#fff"/><rect x="20" width="10" height="20" fill="#EF4135"/>',
  vn: '<rect width="30" height="20" fill="#DA251D"/><path d="M15 4l1.76 5.41h5.69l-4.6 3.35 1.76 5.4L15 14.82l-4.61 3.34 1.76-5.4-4.6-3.35h5.69z" fill="#FFFF00"/>',
  cn: '<rect width="30" height="20" fill="#EE1C25"/><path d="M6 2.5l.94 2.9h3.05l-2.47 1.8.94 2.9L6 8.3 3.54 10.1l.94-2.9L2 5.4h3.06z" fill="#FFFF00"/><circle cx="12" cy="3" r="0.8" fill="#FFFF00"/><circle cx="14" cy="5.5" r="0.8" fill="#FFFF00"/><circle cx="14" cy="8.5" r="0.8" fill="#FFFF00"/><circle cx="12" cy="11" r="0.8" fill="#FFFF00"/>',
  sd: '<rect width="30" height="20" fill="#fff"/><rect width="30" height="6.67" fill="#D21034"/><rect y="13.33" width="30" height="6.67" fill="#000"/><path d="M0 0l11 10L0 20z" fill="#007229"/>',
} as const

export type FlagCode = keyof typeof drawings
export const FLAG_CODES = Object.keys(drawings) as FlagCode[]

export function flagSvg(code: FlagCode) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20">${drawings[code]}</svg>`
}
