import { formatLongDate, type PersonalBest } from '@pbshare/shared';
import { TrendingUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import {
  chartSummary,
  excludedNote,
  heightOf,
  MIN_CHART_POINTS,
  pointValue,
  progressSeries,
  shortDate,
  tickLabel,
  timePositions,
  valueScale,
  type ProgressSeries,
} from './progress-series';
import { CHART_HEIGHT } from './progress-chart-size';

const FALLBACK_WIDTH = 320;
const TICK_FONT_PX = 11;
const BEST_LABEL_ROOM = 20;
const DATE_ROOM = 20;

/**
 * An exercise's values over time in its expanded card (docs/PRODUCT.md §2, Profile): one line
 * through the records, oldest on the left, the best one ringed and labelled. Hand-drawn SVG in
 * CSS pixels (measured, not scaled), so its text stays the page's size at any card width. This
 * file is its own lazily loaded chunk (pb-progress.tsx).
 */
export function PbProgressChart({ pb }: { pb: PersonalBest }) {
  const series = progressSeries(pb);
  if (!series) return null;
  const note = excludedNote(series);
  const enough = series.points.length >= MIN_CHART_POINTS;

  return (
    <section aria-label="Progress" className="border-t border-border pt-5">
      <div className="flex items-center justify-between gap-3">
        <h4 className="flex items-center gap-2 text-sm font-semibold">
          <TrendingUp className="size-4 text-muted-foreground" aria-hidden="true" />
          Progress
        </h4>
        {enough ? <p className="text-xs text-muted-foreground">{axisCaption(series)}</p> : null}
      </div>
      {enough ? (
        <>
          <ProgressPlot series={series} />
          <ProgressTable series={series} />
        </>
      ) : null}
      {note ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {note}
          {enough ? '' : ' A chart needs two records that compare.'}
        </p>
      ) : null}
    </section>
  );
}

function axisCaption(series: ProgressSeries): string {
  if (series.unit !== 'duration') return `in ${series.unit}`;
  return series.direction === 'lower' ? 'time · fastest at the top' : 'time · longer is better';
}

/** The container's width, followed as the card resizes (ResizeObserver reports on observe). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

function ProgressPlot({ series }: { series: ProgressSeries }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const width = useWidth(frameRef);

  const scale = valueScale(
    series.points.map((point) => point.amount),
    series.unit,
  );
  const labels = scale.ticks.map((tick) => tickLabel(tick, series.unit));
  const longest = Math.max(...labels.map((label) => label.length));
  // Tabular digits are about 0.6em wide.
  const left = Math.ceil(longest * TICK_FONT_PX * 0.62) + 10;
  const right = width - 10;
  // Better is up for every exercise, so the best point is the highest: its label goes above it,
  // where no line can run through it.
  const top = 12 + BEST_LABEL_ROOM;
  const bottom = CHART_HEIGHT - DATE_ROOM - 4;

  const across = timePositions(series.points);
  const xOf = (i: number) => left + 8 + (across[i] ?? 0) * (right - left - 16);
  const yOf = (amount: number) =>
    bottom - heightOf(amount, scale, series.direction) * (bottom - top);
  const placed = series.points.map((point, i) => ({ point, x: xOf(i), y: yOf(point.amount) }));
  const best = placed.find(({ point }) => point.isBest);
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  const bestLabel = `Best: ${pointValue(series.best)}`;

  return (
    <div ref={frameRef} className="mt-2 w-full" data-testid="pb-progress-chart">
      <svg
        role="img"
        aria-label={chartSummary(series)}
        width="100%"
        height={CHART_HEIGHT}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        className="block overflow-visible text-[11px] tabular-nums"
      >
        {scale.ticks.map((tick, i) => (
          <g key={tick}>
            <line
              x1={left}
              x2={right}
              y1={yOf(tick)}
              y2={yOf(tick)}
              className="stroke-border"
              strokeDasharray={heightOf(tick, scale, series.direction) < 1e-9 ? undefined : '3 3'}
            />
            <text
              x={left - 6}
              y={yOf(tick)}
              dy="0.32em"
              textAnchor="end"
              className="fill-muted-foreground"
            >
              {labels[i]}
            </text>
          </g>
        ))}
        <line x1={left} x2={left} y1={top} y2={bottom} className="stroke-input" />
        <line x1={left} x2={right} y1={bottom} y2={bottom} className="stroke-input" />

        <polyline
          points={placed.map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
          fill="none"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          className="stroke-primary"
        />
        {placed.map(({ point, x, y }) =>
          point.isBest ? null : (
            <circle
              key={point.id}
              cx={x}
              cy={y}
              r={4}
              strokeWidth={2}
              className="fill-background stroke-primary"
            >
              <title>{`${shortDate(point.achievedOn)}: ${pointValue(point)}`}</title>
            </circle>
          ),
        )}
        {best ? (
          <g>
            <circle cx={best.x} cy={best.y} r={9} className="fill-primary/15" />
            <circle
              cx={best.x}
              cy={best.y}
              r={5.5}
              strokeWidth={2}
              className="fill-primary stroke-background"
            >
              <title>{`${shortDate(best.point.achievedOn)}: ${bestLabel}`}</title>
            </circle>
            <text
              data-testid="pb-progress-best"
              x={best.x + labelNudge(anchorFor(best.x, left, right))}
              y={best.y - 14}
              textAnchor={anchorFor(best.x, left, right)}
              className="fill-primary-strong text-xs font-semibold"
            >
              {bestLabel}
            </text>
          </g>
        ) : null}

        {first && last ? (
          <g className="fill-muted-foreground">
            <text x={left} y={CHART_HEIGHT - 4} textAnchor="start">
              {shortDate(first.achievedOn)}
            </text>
            {last.achievedOn === first.achievedOn ? null : (
              <text x={right} y={CHART_HEIGHT - 4} textAnchor="end">
                {shortDate(last.achievedOn)}
              </text>
            )}
          </g>
        ) : null}
      </svg>
    </div>
  );
}

/** A label near either edge grows inwards so it stays inside the plot. */
function anchorFor(x: number, left: number, right: number): 'start' | 'middle' | 'end' {
  if (x - left < 48) return 'start';
  if (right - x < 48) return 'end';
  return 'middle';
}

function labelNudge(anchor: 'start' | 'middle' | 'end'): number {
  return anchor === 'start' ? -6 : anchor === 'end' ? 6 : 0;
}

/** The chart's records for screen readers, in its order, the best one said so. */
function ProgressTable({ series }: { series: ProgressSeries }) {
  return (
    <table className="sr-only">
      <caption>{`${series.title} records, oldest first`}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {series.points.map((point) => (
          <tr key={point.id}>
            <td>{formatLongDate(point.achievedOn)}</td>
            <td>
              {pointValue(point)}
              {point.converted ? ` (entered as ${point.recorded})` : ''}
              {point.isBest ? ' (best)' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
