// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParcBridge, PrintResult } from '@shared/desktop-bridge';
import { isPrintAvailable } from '@renderer/shared/desktop';
import { printContract, printQrCode } from '@renderer/shared/desktop-print';
import { PrintButton } from '@renderer/shared/ui/print-button';
import { toaster } from '@renderer/shared/ui/toaster-store';
import { renderRoute } from './support/render-route';

const INVITATION_URL = 'https://www.parc-aventure-landes.fr/invitation/Qm9uam91ci1sZXMtYW1pcw';
/** A booking's contractUrl as the API gives it: the file name URL-encoded in the last segment. */
const CONTRACT_URL = '/api/v1/contracts/contrat-GRP-2030-00001%20bis.pdf';

function installBridge(print: { qrCode?: () => Promise<PrintResult>; contract?: () => Promise<PrintResult> } = {}) {
  const bridge = {
    token: {
      get: vi.fn(() => Promise.resolve(null)),
      set: vi.fn(() => Promise.resolve()),
      clear: vi.fn(() => Promise.resolve()),
    },
    print: {
      qrCode: vi.fn(print.qrCode ?? (() => Promise.resolve<PrintResult>({ ok: true }))),
      contract: vi.fn(print.contract ?? (() => Promise.resolve<PrintResult>({ ok: true }))),
      dayPasses: vi.fn(() => Promise.resolve<PrintResult>({ ok: true })),
    },
    onDeepLink: vi.fn(() => () => undefined),
    mode: 'desktop',
    apiBaseUrl: 'http://127.0.0.1:1',
  } satisfies ParcBridge;
  window.parc = bridge;
  return bridge;
}

afterEach(() => {
  cleanup();
  toaster.remove();
  delete window.parc;
  vi.restoreAllMocks();
});

function renderButton(element: React.ReactElement) {
  return renderRoute({ element }).user;
}

describe('PrintButton on the desktop app', () => {
  it('prints the QR code through the bridge and says the print started', async () => {
    const bridge = installBridge();
    const user = renderButton(<PrintButton kind="qr-code" url={INVITATION_URL} label="Anniversaire de Léa" />);
    await user.click(screen.getByRole('button', { name: 'Imprimer le QR code' }));
    expect(bridge.print.qrCode).toHaveBeenCalledWith(INVITATION_URL, 'Anniversaire de Léa');
    expect(await screen.findByText('Impression lancée')).toBeInTheDocument();
  });

  it('prints the contract and shows the reason when main could not', async () => {
    const bridge = installBridge({
      contract: () => Promise.resolve({ ok: false, error: 'le contrat de cette réservation n’est pas disponible' }),
    });
    const user = renderButton(<PrintButton kind="contract" contractUrl={CONTRACT_URL} />);
    await user.click(screen.getByRole('button', { name: 'Imprimer le contrat' }));
    // main gets the file name, decoded: it builds GET /api/v1/contracts/{filename} itself.
    expect(bridge.print.contract).toHaveBeenCalledWith('contrat-GRP-2030-00001 bis.pdf');
    expect(
      await screen.findByText('Impression impossible : le contrat de cette réservation n’est pas disponible'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Impression lancée')).toBeNull();
  });

  it('reports a bridge that throws as a failure, never as a success', async () => {
    installBridge({ qrCode: () => Promise.reject(new Error('Invalid arguments for parc:print:qr-code')) });
    const user = renderButton(<PrintButton kind="qr-code" url={INVITATION_URL} label="Groupe" />);
    await user.click(screen.getByRole('button', { name: 'Imprimer le QR code' }));
    expect(await screen.findByText('Impression impossible : une erreur inattendue est survenue')).toBeInTheDocument();
  });

  it('is busy while printing, so a second tap does not print twice', async () => {
    let finish: (result: PrintResult) => void = () => undefined;
    const bridge = installBridge({ qrCode: () => new Promise((resolve) => (finish = resolve)) });
    const user = renderButton(<PrintButton kind="qr-code" url={INVITATION_URL} label="Groupe" />);
    const button = screen.getByRole('button', { name: 'Imprimer le QR code' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    expect(bridge.print.qrCode).toHaveBeenCalledTimes(1);
    finish({ ok: false, error: 'impression annulée' });
    expect(await screen.findByText('Impression impossible : impression annulée')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('takes a custom label and keeps a large touch target', () => {
    installBridge();
    renderButton(
      <PrintButton kind="contract" contractUrl={CONTRACT_URL}>
        Imprimer
      </PrintButton>,
    );
    const button = screen.getByRole('button', { name: 'Imprimer' });
    expect(Number.parseInt(getComputedStyle(button).minHeight, 10)).toBeGreaterThanOrEqual(44);
    expect(button).not.toHaveAttribute('contractUrl');
    expect(button).not.toHaveAttribute('kind');
  });
});

describe('PrintButton on the web', () => {
  it('is not rendered for a contract', () => {
    renderButton(<PrintButton kind="contract" contractUrl={CONTRACT_URL} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is not rendered for a QR code unless the page can be printed instead', () => {
    renderButton(<PrintButton kind="qr-code" url={INVITATION_URL} label="Groupe" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('falls back to the browser’s print for a QR code modal, without a toast', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = renderButton(<PrintButton kind="qr-code" url={INVITATION_URL} label="Groupe" webFallback />);
    await user.click(screen.getByRole('button', { name: 'Imprimer le QR code' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Impression lancée')).toBeNull();
  });
});

describe('desktop.ts print helpers', () => {
  it('say printing is unavailable without the bridge', async () => {
    expect(isPrintAvailable()).toBe(false);
    await expect(printQrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({
      ok: false,
      error: 'l’impression n’est disponible que dans l’application du parc',
    });
    await expect(printContract(CONTRACT_URL)).resolves.toMatchObject({ ok: false });
  });

  it('use the bridge when it exists', async () => {
    const bridge = installBridge();
    expect(isPrintAvailable()).toBe(true);
    await expect(printContract(CONTRACT_URL)).resolves.toEqual({ ok: true });
    expect(bridge.print.contract).toHaveBeenCalledWith('contrat-GRP-2030-00001 bis.pdf');
  });
});
