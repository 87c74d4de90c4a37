// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BreakableEmail, Reference } from '@renderer/shared/ui/breakable';

afterEach(cleanup);

describe('references and e-mails at 360 px', () => {
  it('lets an e-mail wrap only before its @ and its dots, never inside a word', () => {
    render(<BreakableEmail email="camille.durand@exemple.fr" />);
    const email = screen.getByTestId('breakable-email');
    expect(email).toHaveTextContent('camille.durand@exemple.fr');
    expect(email.innerHTML).toBe('camille<wbr>.durand<wbr>@exemple<wbr>.fr');
    expect(email.style.wordBreak).toBe('normal');
  });

  it('keeps a booking reference on one line', () => {
    render(<Reference value="GRP-2026-00001" />);
    const reference = screen.getByText('GRP-2026-00001');
    expect(reference.style.whiteSpace).toBe('nowrap');
  });
});
