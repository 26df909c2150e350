import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { formatNumber } from '~/utils/format'

export type CountDatum = { key: string; label: string; count: number }

/**
 * Requests per week as bars (client-only, loaded lazily; the server renders the same numbers as a
 * table). Mirrored in a right-to-left language like the other dashboard charts.
 */
export default function RequestsChart({ data, series }: { data: CountDatum[]; series: string }) {
  const { i18n } = useTranslation()
  const rtl = languageInfo(i18n.language).dir === 'rtl'
  const number = (value: unknown) => formatNumber(i18n.language, Number(value))
  return (
    <div dir="ltr" className="h-64 w-full" data-testid="requests-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: rtl ? -16 : 8, left: rtl ? 8 : -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
          <XAxis dataKey="label" reversed={rtl} tickLine={false} axisLine={false} tick={{ fontSize: 11, fill: 'var(--muted)' }} interval="preserveStartEnd" />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={false}
            tickFormatter={number}
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 11, fill: 'var(--muted)' }}
          />
          <Tooltip
            cursor={{ fill: 'rgba(145,158,171,0.12)' }}
            contentStyle={{ borderRadius: 8, fontSize: 13, direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
            formatter={(value) => [number(value), series]}
          />
          <Bar dataKey="count" name={series} fill="var(--primary-main)" radius={[4, 4, 0, 0]} maxBarSize={40} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
