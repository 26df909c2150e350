/**
 * The colour presets (spec section 3), from the Minimal palette. tailwind.config.ts turns them into
 * CSS variables per `data-preset`; the settings drawer shows their main colour as swatches.
 * Each main colour carries its contrast text at 4.5:1 or more (WCAG AA for button labels), so the
 * green, cyan and red mains are darker than Minimal's (#00AB55, #078DEE, #FF3030): ADR 014.
 */
export const colorPresets = {
  default: { lighter: '#C8FACD', light: '#5BE584', main: '#008743', dark: '#007B55', darker: '#005249', contrastText: '#FFFFFF' },
  cyan: { lighter: '#CCF4FE', light: '#68CDF9', main: '#0678CA', dark: '#0351AB', darker: '#012972', contrastText: '#FFFFFF' },
  purple: { lighter: '#EBD6FD', light: '#B985F4', main: '#7635DC', dark: '#431A9E', darker: '#200A69', contrastText: '#FFFFFF' },
  blue: { lighter: '#D1E9FC', light: '#76B0F1', main: '#2065D1', dark: '#103996', darker: '#061B64', contrastText: '#FFFFFF' },
  orange: { lighter: '#FEF4D4', light: '#FED680', main: '#FDA92D', dark: '#B66816', darker: '#793908', contrastText: '#212B36' },
  red: { lighter: '#FFE3D5', light: '#FFC1AC', main: '#E02A2A', dark: '#B71833', darker: '#7A0930', contrastText: '#FFFFFF' },
} as const
