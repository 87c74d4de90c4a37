/**
 * Reading a pass's QR code with the device's camera (docs/decisions.md, "On site"): the browser's
 * own BarcodeDetector where it reads QR codes (Chrome on Android, macOS, ChromeOS), else the jsQR
 * decoder, loaded only when a scan starts (never in a page's first render).
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

/** Reads one frame of the video: the text of the QR code in it, if any. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;

/**
 * The longer side, in pixels, of the frames the JavaScript decoder reads: a pass held in front of
 * the camera stays several pixels per module at this size, and a larger camera frame is scaled
 * down so that each read stays short on a reception's modest computer.
 */
const DECODED_SIDE = 960;

async function frameReader(): Promise<FrameReader> {
  const detector = await nativeDetector();
  if (detector) return async (video) => (await detector.detect(video))[0]?.rawValue || undefined;
  // Loaded here and only here: the decoder never weighs on a page that does not scan. jsQR, not
  // ZXing's JavaScript port: ZXing took a finder-like run of modules for a finder pattern on about
  // one sharp pass in five and never read it from a steady camera (docs/decisions.md, "On site").
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new CameraUnavailableError('canvas 2d');
  return (video) => {
    const scale = Math.min(1, DECODED_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (width === 0 || height === 0) return Promise.resolve(undefined);
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    // A pass is dark on light: the inverted reading would double each frame's cost for nothing.
    const code = jsQR(data, width, height, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(code?.data || undefined);
  };
}

/** Reads a few frames a second until a code is found or the scan is stopped. */
async function scanWith(video: HTMLVideoElement, read: FrameReader, onCode: (code: string) => void) {
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
    const code =
      video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await read(video).catch(() => undefined) : undefined;
    if (code && running) {
      stop();
      onCode(code);
      return;
    }
    if (running) window.setTimeout(() => void tick(), 150);
  };
  void tick();
  return { stop };
}

/** Starts the camera on `video` and calls `onCode` once with the first QR code read. */
export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailableError();
  try {
    return await scanWith(video, await frameReader(), onCode);
  } catch (error) {
    if (error instanceof DOMException) throw new CameraUnavailableError(error.message);
    throw error;
  }
}
