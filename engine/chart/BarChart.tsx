import { Flex, theme, Typography } from 'antd';

/** A category of a {@link BarChart}: its name and one value per series. */
export interface BarCategory {
  label: string;
  values: readonly number[];
}

/** What {@link BarChart} draws. */
export interface BarChartProps {
  /** The series' names (the key's), in the order of each category's values. */
  series: readonly string[];
  categories: readonly BarCategory[];
  /** What a screen reader is told the chart shows (the figures are in the table beside it). */
  label: string;
}

/**
 * Grouped horizontal bars, one group per category and one bar per series, on one scale, each bar with its value: a
 * few categories of counts side by side (before and after), readable at any width and in light and dark (the antd
 * theme's colours). A handful of rows of boxes: the time charts' canvas library (uPlot) draws series over time, not
 * categories.
 */
export function BarChart({ series, categories, label }: BarChartProps) {
  const { token } = theme.useToken();
  const colors = [token.colorTextQuaternary, token.colorPrimary, token.colorWarning, token.colorSuccess];
  const max = Math.max(1, ...categories.flatMap((c) => c.values));
  return (
    <figure role="img" aria-label={label} style={{ margin: 0 }}>
      <Flex gap="middle" style={{ marginBottom: 8 }} aria-hidden>
        {series.map((name, i) => (
          <Flex key={name} gap={6} align="center">
            <span style={{ width: 12, height: 12, borderRadius: 2, background: colors[i % colors.length] }} />
            <Typography.Text>{name}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <div
        aria-hidden
        style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '10px 16px' }}
      >
        {categories.map((category) => (
          <div key={category.label} style={{ display: 'contents' }}>
            <Typography.Text style={{ alignSelf: 'center' }}>{category.label}</Typography.Text>
            <Flex vertical gap={2}>
              {category.values.map((value, i) => (
                <Flex key={series[i]} align="center" gap={6} style={{ height: 14 }}>
                  <span
                    style={{
                      height: 12,
                      width: `${(value / max) * 85}%`,
                      minWidth: value > 0 ? 2 : 0,
                      borderRadius: 2,
                      background: colors[i % colors.length],
                    }}
                  />
                  <Typography.Text style={{ fontSize: 12, lineHeight: '14px' }}>{value}</Typography.Text>
                </Flex>
              ))}
            </Flex>
          </div>
        ))}
      </div>
    </figure>
  );
}
