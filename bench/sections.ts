import fs from 'node:fs';
import path from 'node:path';
import { root } from './processes.ts';

/** Puts a section of docs/benchmarks.md in place of its previous version (or before the notes), leaving the rest of the file as it is. */
export function withSection(report: string, heading: string, section: string): string {
  const start = report.indexOf(heading);
  if (start >= 0) {
    const next = report.indexOf('\n## ', start + heading.length);
    return report.slice(0, start) + section + (next >= 0 ? report.slice(next) : '');
  }
  const notes = report.indexOf('\n## Notes');
  return notes >= 0 ? `${report.slice(0, notes)}\n${section}${report.slice(notes)}` : `${report}\n${section}`;
}

/** The section under `heading` as it stands in `report`, or '' when there is none. */
export function sectionOf(report: string, heading: string): string {
  const start = report.indexOf(heading);
  if (start < 0) return '';
  const next = report.indexOf('\n## ', start + heading.length);
  return report.slice(start, next >= 0 ? next + 1 : undefined);
}

/** Measured by bench/sqlite-ab.ts against an earlier checkout; `npm run bench` keeps it as it stands. */
export const AB_HEADING = '## SQLite before and after the awaited data layer';

/** Rewrites one section of docs/benchmarks.md (a benchmark run alone), leaving the rest of the file as it is. */
export function writeSection(heading: string, section: string): void {
  const reportFile = path.join(root, 'docs', 'benchmarks.md');
  const report = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8') : '# Benchmarks\n';
  fs.writeFileSync(reportFile, withSection(report, heading, section));
}
