import type { Config } from 'tailwindcss'
import plugin from 'tailwindcss/plugin'

import { FLAG_CODES, flagSvg } from './app/components/ui/flag-drawings'
import { ICON_PATHS, ICON_SIZES, type IconName, iconSvg } from './app/components/ui/icon-paths'
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

/** An SVG as a CSS url(): double quotes become single ones, and what a URL cannot hold is escaped. */
const svgUrl = (svg: string) => `url("data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[%#<>]/g, encodeURIComponent)}")`

/**
 * Icons (ADR 042): `.fd-i` is an empty box painted in the text colour through `--fd-i`, the
 * drawing each `fd-i-<name>` names; `fd-i-<size>` sizes it. Base styles, so every name exists
 * (the component builds the class names) and utilities on the element still win.
 */
const iconsPlugin = plugin(({ addBase }) => {
  addBase({
    '.fd-i': {
      display: 'inline-block',
      flexShrink: '0',
      width: '20px',
      height: '20px',
      backgroundColor: 'currentColor',
      maskImage: 'var(--fd-i)',
      maskSize: '100% 100%',
      maskRepeat: 'no-repeat',
      // (the build adds the -webkit- forms older browsers need)
    },
    // In forced colours (Windows high contrast) a background would be replaced by the page's: the
    // icon keeps its box and takes the system colour of what it sits in (text, link or button).
    '@media (forced-colors: active)': {
      '.fd-i': { forcedColorAdjust: 'none', backgroundColor: 'CanvasText' },
      'a .fd-i': { backgroundColor: 'LinkText' },
      ':is(button, summary, label) .fd-i': { backgroundColor: 'ButtonText' },
    },
  })
  for (const name of Object.keys(ICON_PATHS) as IconName[]) addBase({ [`.fd-i-${name}`]: { '--fd-i': svgUrl(iconSvg(name)) } })
  for (const size of ICON_SIZES) addBase({ [`.fd-i-${size}`]: { width: `${size}px`, height: `${size}px` } })
  // The language menu's flags: a 27 × 18 box with its drawing as the background, kept in forced colours.
  addBase({
    '.fd-flag': {
      display: 'inline-block',
      flexShrink: '0',
      width: '27px',
      height: '18px',
      borderRadius: '3px',
      backgroundSize: '100% 100%',
      boxShadow: '0 1px 2px 0 rgb(0 0 0 / 0.05)',
      forcedColorAdjust: 'none',
    },
  })
  for (const code of FLAG_CODES) addBase({ [`.fd-flag-${code}`]: { backgroundImage: svgUrl(flagSvg(code)) } })
})

export default {
  content: ['./app/**/*.{ts,tsx}'],
  plugins: [presetsPlugin, iconsPlugin],
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
