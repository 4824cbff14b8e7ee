import { useRef } from 'react';
import { acceptedImageInput, filesOf } from './image-files.ts';

/**
 * A hidden multiple-image file input and a way to open it from any button: render `input`
 * somewhere, call `open` on click. Hidden from screen readers too (the buttons that open it stand
 * for it); `label` names it for tests.
 */
export function useImagePicker({ label, onFiles }: { label: string; onFiles: (files: File[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      multiple
      accept={acceptedImageInput}
      aria-label={label}
      className="hidden"
      onChange={(event) => {
        const files = filesOf(event.target.files);
        // Emptied, so that picking the same file again is a change too.
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
  return { input, open: () => ref.current?.click() };
}
