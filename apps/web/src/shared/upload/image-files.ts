/** The image types the service takes (SPEC §5): JPG, PNG and WEBP. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The `accept` attribute of a file input for those types. */
export const acceptedImageInput = acceptedImageTypes.join(',');

export function isAcceptedImage(file: File): boolean {
  return (acceptedImageTypes as readonly string[]).includes(file.type);
}

/** The files of a drop, a paste or a file input, as an array (empty for none). */
export function filesOf(list: FileList | readonly File[] | null | undefined): File[] {
  return list ? Array.from(list) : [];
}
