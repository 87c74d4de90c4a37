// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CataloguePicture } from '@renderer/shared/ui/catalogue-picture';
import { renderRoute } from './support/render-route';

afterEach(cleanup);

function renderPicture(src: string | undefined, category = 'sport') {
  return renderRoute({ element: <CataloguePicture src={src} category={category} width="32" /> });
}

describe('catalogue pictures (SPEC.md §2, §8)', () => {
  it('shows the whole picture at its own 16:10 ratio: never stretched, never cropped', () => {
    renderPicture('/uploads/catalogue/paintball.svg');
    const picture = screen.getByTestId('catalogue-picture');
    const style = getComputedStyle(picture);
    expect(style.objectFit).toBe('contain');
    expect(style.aspectRatio.replace(/\s/g, '')).toMatch(/^(1\.6(\/1)?|16\/10)$/);
    expect(style.alignSelf).toBe('flex-start');
  });

  it('shows the category placeholder when the picture fails to load', () => {
    renderPicture('/uploads/catalogue/disparue.svg');
    fireEvent.error(screen.getByTestId('catalogue-picture'));
    expect(screen.queryByTestId('catalogue-picture')).not.toBeInTheDocument();
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();
  });

  it('shows the placeholder for an unknown category too', () => {
    renderPicture(undefined, 'inconnue');
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();
  });
});
