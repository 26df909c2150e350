import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { formatBytes } from '~/utils/format'

export type BytesDatum = { key: string; label: string; bytes: number }

/**
 * Storage per category or period as bars (client-only, loaded lazily; the server renders the same
 * numbers as a table). Mirrored in a right-to-left language like the status chart.
 */
export default function BytesBarChart({ data, series, testId }: { data: BytesDatum[]; series: string; testId: string }) {
  const { i18n } = useTranslation()
  const rtl = languageInfo(i18n.language).dir === 'rtl'
  const size = (value: unknown) => formatBytes(i18n.language, Number(value))
  return (
    <div dir="ltr" className="h-56 w-full" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: rtl ? 0 : 8, left: rtl ? 8 : 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
          <XAxis dataKey="label" reversed={rtl} tickLine={false} axisLine={false} tick={{ fontSize: 11, fill: 'var(--muted)' }} interval="preserveStartEnd" />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={size}
            tickLine={false}
            axisLine={false}
            width={64}
            tick={{ fontSize: 11, fill: 'var(--muted)' }}
          />
          <Tooltip
            cursor={{ fill: 'rgba(145,158,171,0.12)' }}
            contentStyle={{ borderRadius: 8, fontSize: 13, direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
            formatter={(value) => [size(value), series]}
          />
          <Bar dataKey="bytes" name={series} fill="var(--primary-main)" radius={[4, 4, 0, 0]} maxBarSize={40} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
