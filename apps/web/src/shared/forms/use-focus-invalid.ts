import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, takes the keyboard to the form's first field marked invalid, so that a
 * screen reader reads the message that describes it: a message drawn while the focus stays on the
 * submit button is not read. Put `ref` on the form and call `focusInvalid()` with the refusal; the
 * focus moves once the messages are drawn.
 */
export function useFocusInvalid<Element extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<Element>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusInvalid = useCallback(() => setRequest((count) => count + 1), []);
  return { ref, focusInvalid };
}
