import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The first control of `root` that matches `selector`, or where the match is a group (a radio or
 * checkbox group marked invalid as a whole), its checked control, else its first.
 */
export function firstControlIn(root: HTMLElement, selector: string): HTMLElement | null {
  const target = root.querySelector<HTMLElement>(selector);
  if (!target || target.matches('input, select, textarea, button')) return target;
  return target.querySelector<HTMLElement>('input:checked') ?? target.querySelector<HTMLElement>('input');
}

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
    if (request > 0 && ref.current) firstControlIn(ref.current, '[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusInvalid = useCallback(() => setRequest((count) => count + 1), []);
  return { ref, focusInvalid };
}
