import type { PbRecord } from '@pbshare/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';
import { PbProgress } from './pb-progress';
import { PbProgressChart } from './pb-progress-chart';

function older(id: string, amount: number, achievedOn: string, extra: Partial<PbRecord> = {}) {
  return historyRecord({
    id,
    amount,
    unit: 'kg',
    achievedOn,
    createdAt: `${achievedOn}T10:00Z`,
    ...extra,
  });
}

const bench = pbWith({
  id: 'now',
  title: 'Bench Press',
  amount: 140,
  unit: 'kg',
  achievedOn: '2026-03-20',
  personalBestHistory: [
    older('peak', 145, '2026-03-04'),
    older('mid', 120, '2025-11-02'),
    older('first', 100, '2025-06-01'),
  ],
});

function tableRows() {
  const table = screen.getByRole('table', { name: 'Bench Press records, oldest first' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('PbProgress', () => {
  it('loads the chart for an exercise with several records', async () => {
    render(<PbProgress pb={bench} />);
    expect(
      await screen.findByRole('img', {
        name: 'Progress of Bench Press: 4 records from 100 kg to 140 kg, best 145 kg on March 4, 2026',
      }),
    ).toBeInTheDocument();
  });

  it('shows nothing for an exercise with one record', () => {
    const { container } = render(<PbProgress pb={pbWith({ personalBestHistory: [] })} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('PbProgressChart', () => {
  it('lists every record for screen readers, oldest first, with the best marked', () => {
    render(<PbProgressChart pb={bench} />);
    expect(tableRows()).toEqual([
      ['June 1, 2025', '100 kg'],
      ['November 2, 2025', '120 kg'],
      ['March 4, 2026', '145 kg (best)'],
      ['March 20, 2026', '140 kg'],
    ]);
  });

  it('labels the best point and draws one dot per record', () => {
    render(<PbProgressChart pb={bench} />);
    const chart = screen.getByTestId('pb-progress-chart');
    expect(within(chart).getByTestId('pb-progress-best')).toHaveTextContent('Best: 145 kg');
    expect(chart.querySelectorAll('polyline')).toHaveLength(1);
    expect(chart.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(4);
    expect(screen.getByText('in kg')).toBeInTheDocument();
    expect(screen.getByText('Jun 1, 2025')).toBeInTheDocument();
    expect(screen.getByText('Mar 20, 2026')).toBeInTheDocument();
  });

  it('plots lbs records in the current unit and says how they were entered', () => {
    render(
      <PbProgressChart
        pb={{ ...bench, personalBestHistory: [older('lbs', 225, '2025-06-01', { unit: 'lbs' })] }}
      />,
    );
    expect(tableRows()).toEqual([
      ['June 1, 2025', '102.06 kg (entered as 225 lbs)'],
      ['March 20, 2026', '140 kg (best)'],
    ]);
  });

  it('marks the fastest time of a run, with times on the axis', () => {
    const run = pbWith({
      title: '5K',
      category: 'Running',
      amount: 1400,
      unit: 'duration',
      achievedOn: '2026-03-04',
      personalBestHistory: [
        older('fast', 1368, '2026-02-01', { unit: 'duration' }),
        older('slow', 1500, '2025-09-01', { unit: 'duration' }),
      ],
    });
    render(<PbProgressChart pb={run} />);
    expect(
      screen.getByRole('img', {
        name: 'Progress of 5K: 3 records from 25:00 to 23:20, best 22:48 on February 1, 2026 (lower is better)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pb-progress-best')).toHaveTextContent('Best: 22:48');
    expect(screen.getByText('time · fastest at the top')).toBeInTheDocument();
    const chart = screen.getByTestId('pb-progress-chart');
    const axis = within(chart);
    // Better is up: the fastest tick and the best dot are the highest, the slowest at the bottom.
    const yOf = (element: Element | null | undefined) =>
      Number(element?.getAttribute('y') ?? element?.getAttribute('cy'));
    expect(yOf(axis.getByText('22:00'))).toBeLessThan(yOf(axis.getByText('25:00')));
    const dots = [...chart.querySelectorAll('circle[r="4"], circle[r="5.5"]')].map(yOf);
    const bestDot = chart.querySelector('circle[r="5.5"]');
    expect(yOf(bestDot)).toBe(Math.min(...dots));
    expect(yOf(axis.getByTestId('pb-progress-best'))).toBeLessThan(yOf(bestDot));
  });

  it('leaves out records that do not compare, with a note', () => {
    const pullUps = pbWith({
      title: 'Pull-ups',
      category: 'Bodyweight Training',
      amount: 15,
      unit: 'reps',
      achievedOn: '2026-03-04',
      personalBestHistory: [
        older('hold', 60, '2026-01-01', { unit: 'duration' }),
        older('reps', 12, '2025-10-01', { unit: 'reps' }),
      ],
    });
    render(<PbProgressChart pb={pullUps} />);
    expect(
      screen.getByRole('img', { name: /^Progress of Pull-ups: 2 records/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 record measured in time is not in the chart.')).toBeInTheDocument();
  });

  it('draws no chart when fewer than two records compare', () => {
    const mixed = pbWith({
      title: 'Pull-ups',
      category: 'Bodyweight Training',
      amount: 15,
      unit: 'reps',
      personalBestHistory: [older('hold', 60, '2026-01-01', { unit: 'duration' })],
    });
    render(<PbProgressChart pb={mixed} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        '1 record measured in time is not in the chart. A chart needs two records that compare.',
      ),
    ).toBeInTheDocument();
  });
});
