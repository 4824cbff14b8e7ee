import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceList } from './ChoiceList.tsx';

const choices = [
  { id: 'pickup', title: 'Pickup point' },
  { id: 'courier', title: 'Courier' },
];

describe('ChoiceList', () => {
  it('keeps the keyboard on its radios while the cart updates, and lets a change then go', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ChoiceList name="delivery" legend="Delivery" choices={choices} value="pickup" onChange={onChange} />,
    );
    const pickup = screen.getByRole('radio', { name: 'Pickup point' });
    pickup.focus();
    fireEvent.click(screen.getByRole('radio', { name: 'Courier' }));
    expect(onChange).toHaveBeenCalledWith('courier');

    rerender(
      <ChoiceList
        name="delivery"
        legend="Delivery"
        choices={choices}
        value="pickup"
        onChange={onChange}
        disabled
      />,
    );
    // Not disabled: a disabled radio would drop the focus to the page.
    expect(pickup).toBeEnabled();
    pickup.focus();
    expect(pickup).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Delivery' })).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Courier' }));
    expect(onChange).toHaveBeenCalledOnce();
    expect(pickup).toBeChecked();
  });
});
