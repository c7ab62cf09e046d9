/** Saves text the page already holds as a file, through a Blob URL (no second request to the server). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark lets spreadsheet programs read non-Latin addresses as UTF-8.
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
