import type { Config } from 'tailwindcss'
import plugin from 'tailwindcss/plugin'
import { colorPresets } from './app/theme/presets'

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

export { colorPresets }

export type PresetName = keyof typeof colorPresets

function presetVariables(preset: (typeof colorPresets)[PresetName]) {
  return {
    '--primary-lighter': preset.lighter,
    '--primary-light': preset.light,
    '--primary-main': preset.main,
    '--primary-dark': preset.dark,
    '--primary-darker': preset.darker,
    '--primary-contrast': preset.contrastText,
  }
}

/** A preset is one attribute on <html>: `data-preset="cyan"` swaps the primary colour variables. */
const presetsPlugin = plugin(({ addBase }) => {
  addBase({ ':root': presetVariables(colorPresets.default) })
  for (const [name, preset] of Object.entries(colorPresets)) {
    if (name !== 'default') addBase({ [`[data-preset="${name}"]`]: presetVariables(preset) })
  }
})

export default {
  content: ['./app/**/*.{ts,tsx}'],
  plugins: [presetsPlugin],
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
