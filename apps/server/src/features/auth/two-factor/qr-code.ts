import encodeQR from 'qr';

/**
 * The QR code as an SVG data URL: the web shows it in an <img>, where an SVG can run nothing.
 * Medium error correction reads well off a screen at the size the setup shows.
 */
export function renderQrDataUrl(text: string): string {
  const svg = encodeQR(text, 'svg', { ecc: 'medium', border: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
