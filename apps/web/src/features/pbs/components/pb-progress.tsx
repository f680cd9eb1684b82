import type { PersonalBest } from '@pbshare/shared';
import { Component, lazy, Suspense, type ReactNode } from 'react';

import { CHART_SECTION_HEIGHT } from './progress-chart-size';

// Its own chunk: /profile's first script does not carry the chart, and a card with one record
// never loads it.
const PbProgressChart = lazy(() =>
  import('./pb-progress-chart').then((module) => ({ default: module.PbProgressChart })),
);

/**
 * The progress chart of an open card, once the exercise has a second record. With one record
 * there is nothing to draw, and the history list below already says so.
 */
export function PbProgress({ pb }: { pb: PersonalBest }) {
  if (pb.personalBestHistory.length === 0) return null;
  return (
    <HideOnError>
      <Suspense
        fallback={
          <div
            aria-hidden="true"
            className="border-t border-border"
            style={{ height: CHART_SECTION_HEIGHT }}
          />
        }
      >
        <PbProgressChart pb={pb} />
      </Suspense>
    </HideOnError>
  );
}

/** A chart whose chunk failed to load (a deploy since the page opened) leaves the card as it was. */
class HideOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
