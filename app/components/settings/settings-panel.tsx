import { type ElementType, type ReactNode, useEffect, useState } from 'react'

import { Icon } from '~/components/ui/icons'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { colorPresets } from '~/theme/presets'
import { cn } from '~/utils/cn'
import { SETTING_OPTIONS, type SettingName } from '~/utils/settings'

import { SettingForm } from './setting-form'
import { Dot, iconButton } from './settings-chrome'
import { useSettings } from './use-settings'

function Option({
  setting,
  value,
  current,
  label,
  children,
  className,
}: {
  setting: SettingName
  value: string
  current: string
  label: string
  children: ReactNode
  className?: string
}) {
  const selected = current === value
  return (
    <button
      type="submit"
      name="value"
      value={value}
      aria-pressed={selected}
      aria-label={label}
      title={label}
      data-value={value}
      className={cn(
        'flex min-h-14 items-center justify-center gap-2 rounded-xl border text-sm transition-colors',
        selected
          ? 'border-primary/30 bg-primary/10 text-primary-dark shadow-sm dark:text-primary-light'
          : 'border-line text-muted hover:bg-black/5 dark:hover:bg-white/5',
        className,
      )}
      data-setting-option={setting}
    >
      {children}
    </button>
  )
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="space-y-2.5">
      <h3 className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-muted uppercase">
        {title}
        {hint ? (
          <span title={hint} className="inline-flex cursor-help">
            <Icon name="info" size={14} />
            <span className="sr-only">{hint}</span>
          </span>
        ) : null}
      </h3>
      {children}
    </section>
  )
}

function LayoutPicture({ layout }: { layout: string }) {
  const bar = 'rounded-sm bg-current opacity-60'
  return (
    <span aria-hidden="true" className="flex h-8 w-12 gap-0.5 rounded-md border border-current/30 p-0.5">
      {layout === 'horizontal' ? (
        <span className="flex w-full flex-col gap-0.5">
          <span className={cn(bar, 'h-1.5 w-full')} />
          <span className="flex-1 rounded-sm bg-current opacity-15" />
        </span>
      ) : (
        <>
          <span className={cn(bar, layout === 'mini' ? 'w-1.5' : 'w-3.5')} />
          <span className="flex-1 rounded-sm bg-current opacity-15" />
        </>
      )}
    </span>
  )
}

/** The drawer's content; `Title` lets the dialog version use Radix's title element. */
export function Panel({ close, Title = 'h2' }: { close: ReactNode; Title?: ElementType }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { settings, isDefault } = useSettings()
  const pair = (setting: SettingName, render: (value: string) => { label: string; icon?: ReactNode }) => (
    <SettingForm setting={setting} className={cn('grid gap-2', SETTING_OPTIONS[setting].length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
      {SETTING_OPTIONS[setting].map((value) => {
        const { label, icon } = render(value)
        return (
          <Option key={value} setting={setting} value={value} current={String(settings[setting])} label={label}>
            {icon}
            {icon ? <span className="sr-only">{label}</span> : <span>{label}</span>}
          </Option>
        )
      })}
    </SettingForm>
  )

  return (
    <>
      <div className="flex items-center gap-1 border-b border-dashed border-line py-3 ps-5 pe-2">
        <Title id="settings-title" className="flex-1 text-lg font-bold">
          {t('settings.title')}
        </Title>
        <SettingForm intent="reset">
          <button type="submit" className={iconButton} aria-label={t('settings.reset')} title={t('settings.reset')} data-testid="settings-reset">
            <Icon name="reset" size={18} />
            <Dot show={!isDefault} testId="settings-reset-dot" />
          </button>
        </SettingForm>
        {close}
      </div>
      <div className="flex-1 space-y-6 overflow-y-auto px-5 py-5">
        <Section title={t('settings.mode')}>
          {pair('themeMode', (value) => ({ label: t(`settings.modes.${value}`), icon: <Icon name={value === 'dark' ? 'moon' : 'sun'} size={22} /> }))}
        </Section>
        <Section title={t('settings.contrast')}>
          {pair('themeContrast', (value) => ({
            label: t(`settings.contrasts.${value}`),
            icon: <Icon name={value === 'bold' ? 'contrastBold' : 'contrast'} size={22} />,
          }))}
        </Section>
        <Section title={t('settings.direction')}>
          {pair('themeDirection', (value) => ({
            label: t(`settings.directions.${value}`),
            icon: <Icon name={value === 'rtl' ? 'alignRight' : 'alignLeft'} size={22} />,
          }))}
        </Section>
        <Section title={t('settings.layout')}>
          {pair('themeLayout', (value) => ({ label: t(`settings.layouts.${value}`), icon: <LayoutPicture layout={value} /> }))}
        </Section>
        <Section title={t('settings.stretch')} hint={t('settings.stretchHint')}>
          <SettingForm setting="themeStretch">
            <button
              type="submit"
              name="value"
              value={settings.themeStretch ? 'false' : 'true'}
              role="switch"
              aria-checked={settings.themeStretch}
              className={cn(
                'flex h-14 w-full items-center justify-between gap-3 rounded-xl border px-4 text-sm',
                settings.themeStretch ? 'border-primary/30 bg-primary/10 text-primary-dark dark:text-primary-light' : 'border-line text-muted',
              )}
              data-testid="settings-stretch"
            >
              <Icon name="stretch" size={22} className="fd-flip-rtl" />
              <span className="flex-1 text-start">{t('settings.stretchLabel')}</span>
              <span aria-hidden="true" className={cn('relative h-5 w-9 rounded-full transition-colors', settings.themeStretch ? 'bg-primary' : 'bg-muted/40')}>
                <span
                  className={cn(
                    'absolute top-0.5 size-4 rounded-full bg-white shadow transition-[inset-inline-start]',
                    settings.themeStretch ? 'start-[18px]' : 'start-0.5',
                  )}
                />
              </span>
            </button>
          </SettingForm>
        </Section>
        <Section title={t('settings.presets')}>
          <SettingForm setting="themeColorPresets" className="grid grid-cols-3 gap-2">
            {SETTING_OPTIONS.themeColorPresets.map((value) => (
              <Option
                key={value}
                setting="themeColorPresets"
                value={value}
                current={settings.themeColorPresets}
                label={t(`settings.presetNames.${value}`)}
                className="h-14"
              >
                <span aria-hidden="true" className="size-6 rounded-full" style={{ background: colorPresets[value].main }} />
              </Option>
            ))}
          </SettingForm>
        </Section>
        {hydrated ? <FullscreenButton /> : null}
      </div>
    </>
  )
}

function FullscreenButton() {
  const { t } = useTranslation()
  const [active, setActive] = useState(false)
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement))
    document.addEventListener('fullscreenchange', sync)
    return () => document.removeEventListener('fullscreenchange', sync)
  }, [])
  return (
    <button
      type="button"
      onClick={() => (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {})}
      className={cn(
        'flex h-12 w-full items-center justify-center gap-2 rounded-xl border text-sm font-semibold',
        active ? 'border-primary/30 bg-primary/10 text-primary-dark dark:text-primary-light' : 'border-line text-ink hover:bg-black/5 dark:hover:bg-white/5',
      )}
      data-testid="settings-fullscreen"
    >
      <Icon name={active ? 'exitFullscreen' : 'fullscreen'} size={20} />
      {active ? t('settings.exitFullscreen') : t('settings.fullscreen')}
    </button>
  )
}
