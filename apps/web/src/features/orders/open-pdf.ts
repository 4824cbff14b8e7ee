/** How long an opened PDF's object URL lives: long enough for the new tab to read it. */
const objectUrlLifetimeMs = 60_000;

/**
 * Shows a PDF fetched with the app's headers (the access token is not a cookie, so a plain link
 * would be refused). The tab is opened before the fetch, while the click still counts as the user's
 * (browsers block pop-ups opened later); where pop-ups are blocked anyway, the file is downloaded.
 */
export async function openPdf(options: { load: () => Promise<Blob>; fileName: string }): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await options.load();
  } catch (failure) {
    tab?.close();
    throw failure;
  }
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = options.fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
