import { createContext } from 'react';

/**
 * Where the keyboard goes back to when a modal closes. Radix returns it to the element focused when
 * the modal opened, but a modal is often opened from something that is gone by the time it closes:
 * an item of a menu that closed as it opened the modal, a link of the burger menu, a button of
 * another modal. So the opener is kept with the control that opened its menu (the nearest control
 * that names one of its ancestors in `aria-controls`), and the first of the two still in the page
 * takes the focus.
 */
export interface FocusReturn {
  element: HTMLElement;
  /** The control of the menu or panel that held the element, if any. */
  controller: HTMLElement | null;
}

/**
 * The focus return for the element focused now or, when the page has the focus because that
 * element has just gone (a menu closed as its link was followed), for the last element focused.
 */
export function focusReturnFromActive(): FocusReturn | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return lastFocus;
  return { element, controller: controllerOf(element) };
}

/** The last element that took the focus, with its controller read while its menu was open. */
let lastFocus: FocusReturn | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement)
        lastFocus = { element: event.target, controller: controllerOf(event.target) };
    },
    true,
  );
  // Focus given up to the page by a click on nothing is forgotten; focus lost with its element is
  // kept (browsers send no event for that, and the element is gone by the next task).
  document.addEventListener(
    'focusout',
    (event) => {
      const left = event.target;
      setTimeout(() => {
        if (
          lastFocus?.element === left &&
          lastFocus.element.isConnected &&
          document.activeElement === document.body
        )
          lastFocus = null;
      });
    },
    true,
  );
}

function controllerOf(element: HTMLElement): HTMLElement | null {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (!node.id) continue;
    const control = document.querySelector<HTMLElement>(`[aria-controls~="${CSS.escape(node.id)}"]`);
    if (control && control !== element) return control;
  }
  return null;
}

/** The first element of the returns that is still in the page. */
export function focusReturnTarget(...returns: Array<FocusReturn | null | undefined>): HTMLElement | null {
  for (const entry of returns) {
    if (!entry) continue;
    if (entry.element.isConnected) return entry.element;
    if (entry.controller?.isConnected) return entry.controller;
  }
  return null;
}

/**
 * The opener of the modal the `?modal=` outlet shows, kept while one modal leads to another (the
 * login modal's "Sign up" link), so that the last one closed returns to what opened the first.
 */
export const OutletFocusReturn = createContext<FocusReturn | null>(null);
