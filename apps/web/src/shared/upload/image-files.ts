/** The image types the service takes: JPG, PNG and WEBP (SPEC §5), and AVIF. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** The `accept` attribute of a file input for those types. */
export const acceptedImageInput = acceptedImageTypes.join(',');

export function isAcceptedImage(file: File): boolean {
  return (acceptedImageTypes as readonly string[]).includes(file.type);
}

/** The files of a drop, a paste or a file input, as an array (empty for none). */
export function filesOf(list: FileList | readonly File[] | null | undefined): File[] {
  return list ? Array.from(list) : [];
}
