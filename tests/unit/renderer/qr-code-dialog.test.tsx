// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrCodeDialog } from '@renderer/features/invitation/links/qr-code-dialog';
import { installMatchMedia } from './support/match-media';
import { renderRoute } from './support/render-route';

// The QR generator fails once, then works: the modal's error and retry (SPEC.md §8).
const qrFailures = vi.hoisted(() => ({ left: 0 }));
vi.mock('qrcode', async (importOriginal) => {
  const actual = await importOriginal<{ default: { toDataURL: (...args: unknown[]) => Promise<string> } }>();
  return {
    default: {
      ...actual.default,
      toDataURL: (...args: unknown[]) => {
        if (qrFailures.left > 0) {
          qrFailures.left -= 1;
          return Promise.reject(new Error('échec'));
        }
        return actual.default.toDataURL(...args);
      },
    },
  };
});

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
const URL = 'https://parc.example/invitation/AbCdEfGhIjKlMnOpQrStUv';

afterEach(() => cleanup());

describe('QR code modal (SPEC.md §2, §9)', () => {
  it("shows 'Erreur lors de la génération du QR code' with a retry, then the 192 px PNG and its download", async () => {
    qrFailures.left = 1;
    const user = userEvent.setup();
    renderRoute({ element: <QrCodeDialog url={URL} label="GRP-2030-00001" open onClose={() => undefined} /> });
    const dialog = await screen.findByRole('dialog', { name: "QR code de l'invitation" });
    expect(await screen.findByText('Erreur lors de la génération du QR code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    const image = await screen.findByTestId('qr-code');
    expect(image).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    // The PNG itself is 192 px wide (IHDR width at byte 16).
    const png = Buffer.from(image.getAttribute('src')!.split(',')[1]!, 'base64');
    expect(png.readUInt32BE(16)).toBe(192);
    expect(screen.getByRole('link', { name: 'Télécharger (PNG)' })).toHaveAttribute(
      'download',
      'invitation-qr-code.png',
    );
    // The web build has no print bridge: no print button.
    expect(screen.queryByRole('button', { name: 'Imprimer le QR code' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(URL);
  });
});
