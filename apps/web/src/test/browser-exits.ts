import { vi } from 'vitest';

/** A form the page submitted to leave for another site. */
export interface SubmittedForm {
  action: string;
  method: string;
  inputs: Record<string, string>;
}

/**
 * Records the forms the page submits, in order, instead of leaving the page (jsdom cannot). Call it
 * in the test or its beforeEach: the spy is restored after each test (restoreMocks).
 */
export function recordFormSubmits(): SubmittedForm[] {
  const submitted: SubmittedForm[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    const inputs = Object.fromEntries(
      [...this.querySelectorAll('input')].map((input) => [input.name, input.value] as const),
    );
    submitted.push({ action: this.action, method: this.method, inputs });
    this.remove();
  });
  return submitted;
}

/** Records the names of the files the page saves through a download link (jsdom saves nothing). */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  const click = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
    else click.call(this);
  });
  return saved;
}
