/**
 * Reading a pass's QR code with the device's camera (docs/decisions.md, "On site"): the browser's
 * own BarcodeDetector where it reads QR codes (Chrome on Android, macOS, ChromeOS), else the
 * maintained ZXing decoder, loaded only when a scan starts (never in a page's first render).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** What a running scan gives back: how to stop it (the camera is released). */
export interface CameraScan {
  stop(): void;
}

export class CameraUnavailableError extends Error {}

async function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

const REAR_CAMERA: MediaStreamConstraints = { video: { facingMode: { ideal: 'environment' } }, audio: false };

/** Reads with the browser's detector, a few times a second, until a code is found or it is stopped. */
async function scanNatively(video: HTMLVideoElement, detector: BarcodeDetectorLike, onCode: (code: string) => void) {
  const stream = await navigator.mediaDevices.getUserMedia(REAR_CAMERA);
  video.srcObject = stream;
  await video.play();
  let running = true;
  const stop = () => {
    running = false;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const tick = async () => {
    if (!running) return;
    try {
      const [found] = await detector.detect(video);
      if (found?.rawValue) {
        stop();
        onCode(found.rawValue);
        return;
      }
    } catch {
      // A frame not ready yet: the next one is read.
    }
    if (running) window.setTimeout(() => void tick(), 150);
  };
  void tick();
  return { stop };
}

/** Reads with ZXing (its own loop on the video), loaded here and only here. */
async function scanWithZxing(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
  let done = false;
  const controls = await reader.decodeFromConstraints(REAR_CAMERA, video, (result, _error, scanControls) => {
    if (!result || done) return;
    done = true;
    scanControls.stop();
    onCode(result.getText());
  });
  return {
    stop: () => {
      done = true;
      controls.stop();
    },
  };
}

/** Starts the camera on `video` and calls `onCode` once with the first QR code read. */
export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailableError();
  try {
    const detector = await nativeDetector();
    return detector ? await scanNatively(video, detector, onCode) : await scanWithZxing(video, onCode);
  } catch (error) {
    if (error instanceof DOMException) throw new CameraUnavailableError(error.message);
    throw error;
  }
}
