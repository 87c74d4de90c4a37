// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailSection } from '@renderer/features/booking-detail/detail-section';
import { ProgressBar } from '@renderer/shared/ui/progress-bar';
import { renderRoute } from './support/render-route';

afterEach(cleanup);

/** A field whose text must survive the section being closed and opened again. */
function TypedField() {
  const [text, setText] = useState('');
  return <input aria-label="Note" value={text} onChange={(event) => setText(event.target.value)} />;
}

describe('a booking section (docs/decisions.md, performance rule 25)', () => {
  it('is a heading holding a disclosure button that hides and shows its content, which stays mounted', async () => {
    const { user } = renderRoute({
      element: (
        <DetailSection id="participants" title="Participants" icon={<span />}>
          <TypedField />
        </DetailSection>
      ),
    });
    const region = screen.getByRole('region', { name: 'Participants' });
    const toggle = screen.getByRole('button', { name: 'Participants' });
    expect(screen.getByRole('heading', { level: 2, name: 'Participants' })).toContainElement(toggle);
    // Laid out only near the screen (docs/decisions.md, performance rule 25).
    expect(getComputedStyle(region).getPropertyValue('content-visibility')).toBe('auto');
    expect(region).toHaveAttribute('id', 'participants');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const content = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(region).toContainElement(content);

    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Arrivée à 10 h');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(content).not.toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(content).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Arrivée à 10 h');
  });
});

describe('ProgressBar', () => {
  it('gives the progressbar role, its name, its rounded value and its spoken text', () => {
    renderRoute({
      element: (
        <>
          <ProgressBar
            percent={66.66}
            label="Avancement de la réservation"
            valueText="Étape 3 sur 4 : Validation équipe"
          />
          <span id="paid">2 / 3 participants ont payé</span>
          <ProgressBar percent={140} labelledBy="paid" size="lg" />
        </>
      ),
    });
    const progress = screen.getByRole('progressbar', { name: 'Avancement de la réservation' });
    expect(progress).toHaveAttribute('aria-valuenow', '67');
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(progress).toHaveAttribute('aria-valuetext', 'Étape 3 sur 4 : Validation équipe');
    expect((progress.firstElementChild as HTMLElement).style.width).toBe('67%');
    const paid = screen.getByRole('progressbar', { name: '2 / 3 participants ont payé' });
    expect(paid).toHaveAttribute('aria-valuenow', '100');
    expect(paid).not.toHaveAttribute('aria-label');
  });
});
