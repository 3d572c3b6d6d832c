import { theme } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { wallClock } from '../../schemas/time-format';
import { useDeskTimeZone } from '../timeZone';

/** A line over time: its name (the legend's and the axis'), its values beside the chart's times, and its colour. */
export interface TimeSeries {
  label: string;
  values: readonly number[];
  color: string;
}

/** A span shaded across the chart (a stop, an alert), in a translucent colour, from `start` to `end` (ms). */
export interface TimeBand {
  start: number;
  end: number;
  color: string;
}

/** What {@link TimeChart} draws. */
export interface TimeChartProps {
  /** The times of the values, in ms since the epoch, ascending. */
  times: readonly number[];
  series: TimeSeries;
  bands?: readonly TimeBand[];
  /** The time marked by a vertical line (the replay's slider); null for none. */
  cursor?: number | null;
  /** A click on the chart asks for its time. */
  onSeek?(time: number): void;
  height?: number;
  /** What a screen reader is told the chart shows. */
  label: string;
}

/** The time axis' labels in the console's way (DD/MM HH:mm at the first and at each new day, else HH:mm) in zone `tz`. */
const timeLabels = (tz: string) => (_u: uPlot, splits: number[]) =>
  splits.map((t, i) => {
    const c = wallClock(t, tz);
    return i === 0 || c.day !== wallClock(splits[i - 1], tz).day
      ? `${c.day}/${c.month} ${c.hour}:${c.minute}`
      : `${c.hour}:${c.minute}`;
  });

/**
 * A chart of one series over time (uPlot: canvas, tens of thousands of points in a few ms), with shaded spans under
 * the line, a vertical line at the `cursor` time that moves without redrawing the chart, and click to seek. Its
 * colours are the antd theme's, so it reads in light and dark. uPlot is only in the chunks of the pages that draw it.
 */
export function TimeChart({ times, series, bands = [], cursor = null, onSeek, height = 200, label }: TimeChartProps) {
  const { token } = theme.useToken();
  const [zone] = useDeskTimeZone();
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const seek = useRef(onSeek);
  seek.current = onSeek;
  const at = useRef(cursor);
  at.current = cursor;

  /** Puts the cursor's line at the cursor's time on the plot as it is drawn now (by style only: no chart redraw). */
  const place = useCallback(() => {
    const u = plot.current;
    const marker = line.current;
    if (!marker) return;
    if (!u || at.current === null) {
      marker.style.display = 'none';
      return;
    }
    marker.style.display = 'block';
    marker.style.transform = `translateX(${u.bbox.left / devicePixelRatio + u.valToPos(at.current, 'x')}px)`;
    marker.style.top = `${u.bbox.top / devicePixelRatio}px`;
    marker.style.height = `${u.bbox.height / devicePixelRatio}px`;
  }, []);

  // The theme's colours as texts: the chart is made again when one of them changes (light and dark), not each time
  // the theme hands out a new token object.
  const { colorTextSecondary: text, colorBorderSecondary: rule, fontFamily: font } = token;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const axis = {
      stroke: text,
      grid: { stroke: rule, width: 1 },
      ticks: { stroke: rule, width: 1 },
      font: `11px ${font}`,
    };
    // Each span inside the plot's area only (one may start before the first time or end after the last).
    const shade = (u: uPlot) => {
      const { ctx } = u;
      const { left, top, width, height: h } = u.bbox;
      ctx.save();
      for (const band of bands) {
        const x0 = Math.max(left, u.valToPos(band.start, 'x', true));
        const x1 = Math.min(left + width, u.valToPos(band.end, 'x', true));
        if (x1 < x0) continue;
        ctx.fillStyle = band.color;
        ctx.fillRect(x0, top, Math.max(2, x1 - x0), h);
      }
      ctx.restore();
    };
    const made = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        ms: 1,
        // Ticks on the hours of the desk's zone, not the browser's.
        tzDate: (ms) => uPlot.tzDate(new Date(ms), zone),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil(max / 10) * 10)] } },
        series: [{}, { label: series.label, stroke: series.color, width: 1.5, points: { show: false } }],
        axes: [
          { ...axis, values: timeLabels(zone), space: 60 },
          { ...axis, label: series.label, labelFont: `12px ${font}`, size: 48 },
        ],
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false } },
        hooks: { drawClear: [shade], setSize: [place] },
      },
      [Float64Array.from(times), Float64Array.from(series.values)],
      element,
    );
    plot.current = made;
    place();
    const click = (event: MouseEvent) => seek.current?.(made.posToVal(event.offsetX, 'x'));
    made.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => made.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.over.removeEventListener('click', click);
      made.destroy();
      plot.current = null;
    };
  }, [times, series, bands, height, text, rule, font, place, zone]);

  // A new cursor time moves the line only: a slider step costs no chart redraw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again for each new cursor time (read through `at`)
  useLayoutEffect(place, [cursor, place]);

  return (
    <div className="lego-time-chart" role="img" aria-label={label} style={{ position: 'relative' }}>
      <div ref={box} />
      <div ref={line} className="lego-time-chart-cursor" style={{ background: token.colorText }} />
    </div>
  );
}
