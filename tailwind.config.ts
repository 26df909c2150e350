import type { Config } from 'tailwindcss'

/**
 * Design tokens. Tailwind 4 loads this file through `@config` in app/app.css.
 * Colours point at CSS variables so a colour preset or dark mode is one attribute on <html>.
 */
const scale = (name: string) => ({
  lighter: `var(--${name}-lighter)`,
  light: `var(--${name}-light)`,
  DEFAULT: `var(--${name}-main)`,
  main: `var(--${name}-main)`,
  dark: `var(--${name}-dark)`,
  darker: `var(--${name}-darker)`,
  contrast: `var(--${name}-contrast)`,
})

/** Minimal palette presets (spec section 3): main colours and their shades. */
export const colorPresets = {
  default: { lighter: '#C8FACD', light: '#5BE584', main: '#00AB55', dark: '#007B55', darker: '#005249', contrastText: '#FFFFFF' },
  cyan: { lighter: '#CCF4FE', light: '#68CDF9', main: '#078DEE', dark: '#0351AB', darker: '#012972', contrastText: '#FFFFFF' },
  purple: { lighter: '#EBD6FD', light: '#B985F4', main: '#7635DC', dark: '#431A9E', darker: '#200A69', contrastText: '#FFFFFF' },
  blue: { lighter: '#D1E9FC', light: '#76B0F1', main: '#2065D1', dark: '#103996', darker: '#061B64', contrastText: '#FFFFFF' },
  orange: { lighter: '#FEF4D4', light: '#FED680', main: '#FDA92D', dark: '#B66816', darker: '#793908', contrastText: '#212B36' },
  red: { lighter: '#FFE3D5', light: '#FFC1AC', main: '#FF3030', dark: '#B71833', darker: '#7A0930', contrastText: '#FFFFFF' },
} as const

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        primary: scale('primary'),
        info: scale('info'),
        success: scale('success'),
        warning: scale('warning'),
        error: scale('error'),
        surface: 'var(--surface)',
        canvas: 'var(--canvas)',
        ink: 'var(--ink)',
        muted: 'var(--muted)',
        line: 'var(--line)',
      },
      borderRadius: { card: '16px' },
      spacing: { nav: '280px', 'nav-mini': '88px', 'header-mobile': '64px', 'header-desktop': '88px' },
      screens: { sm: '600px', md: '900px', lg: '1200px', xl: '1536px' },
      zIndex: { nav: '1101', header: '1100', drawer: '1200', toast: '1400', progress: '1500' },
    },
  },
} satisfies Config
