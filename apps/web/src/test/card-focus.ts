import { expect } from 'vitest';

/**
 * A card whose title link's focus ring is drawn around the whole card (the link's pseudo-element
 * stretched over it, just outside): the link takes the focus, and nothing from it up to the card
 * hides its overflow, which would cut the ring off.
 */
export function expectCardRingInFull(card: HTMLElement, title: HTMLElement, mode: string) {
  title.focus();
  expect(title).toHaveFocus();
  expect(title).toHaveClass('after:absolute', 'after:inset-0', 'focus-visible:after:ring-2');
  for (let box: HTMLElement | null = title; box && box !== card.parentElement; box = box.parentElement) {
    expect(box, mode).not.toHaveClass('overflow-hidden');
  }
}
