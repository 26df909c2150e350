/**
 * The colour presets (spec section 3), from the Minimal palette. tailwind.config.ts turns them into
 * CSS variables per `data-preset`; the settings drawer shows their main colour as swatches.
 */
export const colorPresets = {
  default: { lighter: '#C8FACD', light: '#5BE584', main: '#00AB55', dark: '#007B55', darker: '#005249', contrastText: '#FFFFFF' },
  cyan: { lighter: '#CCF4FE', light: '#68CDF9', main: '#078DEE', dark: '#0351AB', darker: '#012972', contrastText: '#FFFFFF' },
  purple: { lighter: '#EBD6FD', light: '#B985F4', main: '#7635DC', dark: '#431A9E', darker: '#200A69', contrastText: '#FFFFFF' },
  blue: { lighter: '#D1E9FC', light: '#76B0F1', main: '#2065D1', dark: '#103996', darker: '#061B64', contrastText: '#FFFFFF' },
  orange: { lighter: '#FEF4D4', light: '#FED680', main: '#FDA92D', dark: '#B66816', darker: '#793908', contrastText: '#212B36' },
  red: { lighter: '#FFE3D5', light: '#FFC1AC', main: '#FF3030', dark: '#B71833', darker: '#7A0930', contrastText: '#FFFFFF' },
} as const
