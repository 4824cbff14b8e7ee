/**
 * Files picked or dropped on one page for the remove-background screen to queue: File objects
 * cannot travel in the address or be serialised into navigation state, so they wait here, in
 * memory, until the screen takes them.
 */
let handedOff: File[] = [];

export function handOffFiles(files: readonly File[]): void {
  handedOff = [...handedOff, ...files];
}

/** The files waiting for the remove-background screen; taking them empties the hand-off. */
export function takeHandedOffFiles(): File[] {
  const files = handedOff;
  handedOff = [];
  return files;
}
