import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Rectangle,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { useFormatPercent } from './use-format-percent.ts';

export type OccupancyBar = { key: string; label: string; occupancy: number | null };

const ROW_HEIGHT = 32;

/** Full (100% or more) in the warning colour: a class that sells out is the one to watch. */
const barColour = (occupancy: number | null) =>
  (occupancy ?? 0) >= 1 ? 'var(--color-warning)' : 'var(--color-primary)';

function OccupancyRectangle(props: BarShapeProps) {
  return <Rectangle {...props} fill={barColour((props.payload as OccupancyBar).occupancy)} />;
}

/**
 * Horizontal bars of occupancy, 0–100%. A picture only: the list beside it carries the same numbers and the
 * links, so the chart is one image for assistive technology, described by `summary`, with nothing to focus.
 */
export function OccupancyChart({ bars, summary }: { bars: OccupancyBar[]; summary: string }) {
  const formatPercent = useFormatPercent();
  const data = bars.map((bar) => ({
    ...bar,
    percent: Math.min(100, Math.round((bar.occupancy ?? 0) * 100)),
  }));
  return (
    <div role="img" aria-label={summary} style={{ height: data.length * ROW_HEIGHT + 32 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tickFormatter={(value: number) => formatPercent(value / 100)}
            fontSize={12}
          />
          <YAxis type="category" dataKey="label" width={120} fontSize={12} interval={0} />
          <Bar dataKey="percent" isAnimationActive={false} radius={[0, 4, 4, 0]} shape={OccupancyRectangle} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
