import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { formatNumber } from '~/utils/format'

export type ChartDatum = { key: string; label: string; value: number; color: string }

/**
 * Client-only (loaded lazily); the same numbers are also rendered by the server as a table.
 * Numbers use the page's numbering system (Arabic-Indic digits in Arabic) and in a right-to-left
 * language the chart mirrors: categories run from the right and the value axis sits on the right.
 * The SVG itself stays `dir="ltr"` so recharts' own geometry is not flipped a second time.
 */
export default function StatusBarChart({ data }: { data: ChartDatum[] }) {
  const { t, i18n } = useTranslation()
  const rtl = languageInfo(i18n.language).dir === 'rtl'
  const number = (value: unknown) => formatNumber(i18n.language, Number(value))
  const seriesName = t('dashboard.chartTrucks')
  return (
    <div dir="ltr" className="h-72 w-full" data-testid="status-chart" data-direction={rtl ? 'rtl' : 'ltr'}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: rtl ? -16 : 8, left: rtl ? 8 : -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
          <XAxis dataKey="label" reversed={rtl} tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: 'var(--muted)' }} />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={false}
            tickFormatter={number}
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 12, fill: 'var(--muted)' }}
          />
          <Tooltip
            cursor={{ fill: 'rgba(145,158,171,0.12)' }}
            contentStyle={{ borderRadius: 8, fontSize: 13, direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
            formatter={(value) => [number(value), seriesName]}
          />
          <Bar dataKey="value" name={seriesName} radius={[4, 4, 0, 0]} maxBarSize={48}>
            {data.map((datum) => (
              <Cell key={datum.key} fill={datum.color} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
