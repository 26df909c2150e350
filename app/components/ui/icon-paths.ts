/**
 * The icon set's drawings (24-unit grid, stroke icons). Plain data: the Icon component names them,
 * and the Tailwind plugin in tailwind.config.ts turns each into a CSS mask (ADR 042).
 */
export const ICON_PATHS = {
  dashboard: 'M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z',
  truck: 'M2 6h11v9H2zM13 9h4l4 4v2h-8zM6 18a2 2 0 1 0 0-.01M17 18a2 2 0 1 0 0-.01',
  trailer: 'M2 5h15v10H2zM17 13h5M6 18a2 2 0 1 0 0-.01M11 18a2 2 0 1 0 0-.01',
  building: 'M4 21V4h10v17M14 9h6v12M2 21h20M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1M17 13h1M17 17h1',
  broker: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18M11 13v2h2v-2',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7.5M22 21v-1a6 6 0 0 0-4-5.6',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronRight: 'M9 6l6 6-6 6',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronDown: 'M6 9l6 6 6-6',
  sortAsc: 'M12 5l-5 6h10zM7 15h10',
  sortDesc: 'M12 19l-5-6h10zM7 9h10',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  language: 'M4 5h9M8.5 3v2M11 5c-1 4-4 7-7 8M6 9c1 2 3 3.5 5 4.5M13 21l4-10 4 10M14.5 17.5h5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  download: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  history: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4M12 8v4l3 2',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7.5v.5',
  alert: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  check: 'M5 12l5 5 9-10',
  inbox: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 2h6l1-2h5',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  contrast: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 3v18',
  contrastBold: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 3v18M12 7h5M12 11h6.5M12 15h6M12 19h3',
  alignLeft: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  alignRight: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  stretch: 'M3 12h18M7 8l-4 4 4 4M17 8l4 4-4 4',
  fullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  exitFullscreen: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  reset: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.07-.4.1-.8.1-1.2z',
  package: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  mapPin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  board: 'M3 4h5v16H3zM10 4h5v11h-5zM17 4h4v7h-4z',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5',
  chart: 'M4 20h16M6 16v-5M10 16V7M14 16v-7M18 16V4',
  bank: 'M3 9l9-5 9 5M4 10h16M6 10v7M10 10v7M14 10v7M18 10v7M3 20h18',
  invoice: 'M6 3h9l3 3v15l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5L6 21zM9 8h6M9 12h6M9 16h4',
  grip: 'M8.5 5h1M14.5 5h1M8.5 12h1M14.5 12h1M8.5 19h1M14.5 19h1',
  folder: 'M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  clipboard: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M8.5 13.5l2.5 2.5 4.5-4.5',
} as const

export type IconName = keyof typeof ICON_PATHS

/** The sizes an icon comes in, in CSS pixels (one class each: `fd-i-18`). */
export const ICON_SIZES = [14, 16, 18, 20, 22, 24, 28, 32] as const
export type IconSize = (typeof ICON_SIZES)[number]

/**
 * Every drawing in one SVG, side by side in 24 × 24 cells in ICON_PATHS' order (each cell clips its drawing as
 * the drawing's own SVG did), painted with the
 * stroke every icon has: the one mask image all icons share (ADR 118).
 */
export function iconSprite() {
  const names = Object.keys(ICON_PATHS) as IconName[]
  const cells = names.map((name, index) => `<svg x="${24 * index}" width="24" height="24"><path d="${ICON_PATHS[name]}"/></svg>`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${24 * names.length} 24" fill="none" stroke="#000" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${cells}</svg>`
}
