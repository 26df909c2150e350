import type { Config } from 'tailwindcss'
import plugin from 'tailwindcss/plugin'

import { FLAG_CODES, flagSvg } from './app/components/ui/flag-drawings'
import { ICON_PATHS, ICON_SIZES, type IconName, iconSprite } from './app/components/ui/icon-paths'
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
 * Icons (ADR 042, ADR 118): `.fd-i` is an empty box painted in the text colour through a mask,
 * one sprite of every drawing; the `fd-i-<name>` class sets `--fd-i-x`, the drawing's cell, which
 * the mask's position shows (inherited, so a class on a list names its items' icons too);
 * `fd-i-<size>` sizes it. One image for every icon: an image per drawing cost Chromium a
 * document each, 60-70 ms of style per dashboard page. Base styles, so every name exists (the
 * component builds the class names) and utilities on the element still win.
 */
const MASKED = [
  '.fd-i',
  // The elements that draw their icon before their content (app/app.css sizes and colours them).
  ':is(.fd-icon-button, .fd-icon-button-danger, .fd-nav-item)::before',
  '.fd-crumbs > li + li::before',
]
const iconsPlugin = plugin(({ addBase }) => {
  const names = Object.keys(ICON_PATHS) as IconName[]
  addBase({
    '.fd-i': {
      display: 'inline-block',
      flexShrink: '0',
      width: '20px',
      height: '20px',
      backgroundColor: 'currentColor',
    },
    [MASKED.join(', ')]: {
      maskImage: svgUrl(iconSprite()),
      // The sprite is as many boxes wide as it has drawings; 100% / (n - 1) moves by one box.
      maskSize: `${names.length * 100}% 100%`,
      maskPosition: `calc(var(--fd-i-x) * 100% / ${names.length - 1}) 0`,
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
  names.forEach((name, index) => addBase({ [`.fd-i-${name}`]: { '--fd-i-x': String(index) } }))
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
