import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render.tsx';
import { ModalOutlet } from './ModalOutlet.tsx';
import type { ModalProps } from './modal-types.ts';

function TestModal({ onClose }: ModalProps) {
  return (
    <div role="dialog" aria-label="Test modal">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

const registry = { test: TestModal };

describe('ModalOutlet', () => {
  it('renders the modal named by ?modal= and closes it without leaving the page', async () => {
    const user = userEvent.setup();
    const { location } = renderInShell(<ModalOutlet registry={registry} />, {
      path: '/en/blog?page=2&modal=test',
    });
    expect(screen.getByRole('dialog', { name: 'Test modal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/en/blog?page=2');
  });

  it.each(['login', 'toString'])('renders nothing for the unknown name %s', (name) => {
    renderInShell(<ModalOutlet registry={registry} />, { path: `/en?modal=${name}` });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
