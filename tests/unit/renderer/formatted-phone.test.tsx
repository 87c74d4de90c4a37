// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormattedPhone } from '@renderer/shared/format/phone';

afterEach(cleanup);

function Phone({ phone }: { phone?: string }) {
  return <p data-testid="phone">{useFormattedPhone(phone) ?? 'aucun'}</p>;
}

describe('useFormattedPhone: phones shown as formatPhone shows them', () => {
  it('shows a French number in the national format from the first render', () => {
    render(<Phone phone="+33612345678" />);
    expect(screen.getByTestId('phone')).toHaveTextContent('06 12 34 56 78');
  });

  it('shows another number as stored, then in the international format once libphonenumber-js has loaded', async () => {
    render(<Phone phone="+442079460958" />);
    expect(screen.getByTestId('phone')).toHaveTextContent('+442079460958');
    expect(await screen.findByText('+44 20 7946 0958')).toBeInTheDocument();
  });

  it('shows an unreadable number as stored and no phone as none', async () => {
    render(<Phone phone="12 34" />);
    expect(screen.getByTestId('phone')).toHaveTextContent('12 34');
    cleanup();
    render(<Phone />);
    expect(screen.getByTestId('phone')).toHaveTextContent('aucun');
  });
});
