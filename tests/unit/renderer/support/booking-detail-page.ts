import { screen } from '@testing-library/react';

/**
 * The booking page once drawn with its sections: the header first, then the sections, which come
 * in a chunk of their own once the top has painted (docs/decisions.md, performance rule 26).
 */
export async function bookingDetailLoaded(reference = 'GRP-2030-00001') {
  const title = await screen.findByRole('heading', { level: 1, name: new RegExp(`^Réservation ${reference}`) });
  await screen.findByRole('region', { name: 'Discussion' });
  return title;
}
