/**
 * The progress chart's plot height, in CSS pixels, and the height of its whole section (rule,
 * heading, plot), which the expanded card reserves while the chart's chunk loads so the records
 * below it do not jump.
 */
export const CHART_HEIGHT = 180;
export const CHART_SECTION_HEIGHT = CHART_HEIGHT + 49;
