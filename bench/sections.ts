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
