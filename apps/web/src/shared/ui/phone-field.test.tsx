import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field.tsx';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <PhoneField label="Phone" value={value} onChange={setValue} />;
}

describe('PhoneField', () => {
  it('masks what is typed and gives a number begun with 9 its +7', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Phone');
    await user.type(input, '9123456789');
    expect(input).toHaveValue('+7 (912) 345-67-89');
  });

  it('keeps a digit typed in the middle there, with the caret after it', async () => {
    const user = userEvent.setup();
    render(<Field initial="+7 (912) 345-67-8" />);
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    // The caret after "(91": a 5 goes in there, and the next digit after it.
    await user.type(input, '5', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(input).toHaveValue('+7 (915) 234-56-78');
    expect(input.selectionStart).toBe(7);
    await user.keyboard('6');
    expect(input).toHaveValue('+7 (915) 623-45-67');
    expect(input.selectionStart).toBe(10);
  });

  it('erases the digit before a bracket or dash the caret is after, not the last one', async () => {
    const user = userEvent.setup();
    render(<Field initial="+7 (912) 345-67-89" />);
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(input, '{Backspace}', { initialSelectionStart: 13, initialSelectionEnd: 13 });
    expect(input).toHaveValue('+7 (912) 346-78-9');
    expect(input.selectionStart).toBe(11);
  });

  it("takes another country's number whole", async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Phone');
    await user.type(input, '+380 67 123 4567');
    expect(input).toHaveValue('+380671234567');
  });
});
