/** Hands a file to the browser as a download named `fileName` (SPEC section 4: "the file built and downloaded"). */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give the browser a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name of `Content-Disposition: attachment; filename="…"`, else a plain one. */
export function fileNameOf(contentDisposition: string | null, fallback: string) {
  return contentDisposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}
