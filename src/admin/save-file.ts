/**
 * Saves a file the console read with the operator's token (a plain link cannot carry it) as a
 * download named `name`: the CSV exports and the payout batch.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
